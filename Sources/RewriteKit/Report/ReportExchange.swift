import Foundation

/// One exchange as the report shows it: its row (method, URL, status, time, size, the rules
/// that applied, where the answer came from) and its details (both messages before and after
/// the rules, the trace, and for an exchange no rule applied to, its near misses).
///
/// Everything here is data from traffic, so the page writes it only as escaped text.
struct ReportExchange {
    /// Where the answer came from, as the row says it.
    enum Source: String {
        case network, stub, cache, failed
    }

    /// The exchange's place: its 0-based index in the HAR, or in the capture.
    var index: Int
    var method: String
    var url: String
    /// Nil when the request failed.
    var status: Int?
    /// Seconds from the first exchange's start to this one's, and how long it took.
    var start: TimeInterval
    var duration: TimeInterval
    var source: Source
    /// The names of the rules that applied, in order.
    var rules: [String]
    var requestBefore: (headers: HTTPHeaders, body: [UInt8]?)
    var requestAfter: (headers: HTTPHeaders, body: [UInt8]?)
    /// The URL after the request rules, when they changed it.
    var urlAfter: String?
    var responseBefore: HTTPResponse?
    var responseAfter: HTTPResponse?
    /// A failure's description (`URLError -1009`).
    var failure: String?
    /// The trace, one line per step.
    var trace: [String]
    /// For an exchange no rule applied to: the rules that came closest.
    var nearMisses: [NearMiss]

    /// Whether the rules changed anything: the request, the response, or answered it themselves.
    var isChanged: Bool {
        source == .stub || (source == .failed && !rules.isEmpty) || urlAfter != nil
            || requestBefore.headers != requestAfter.headers || requestBefore.body != requestAfter.body
            || responseBefore?.status != responseAfter?.status || responseBefore?.headers != responseAfter?.headers
            || responseBefore?.body != responseAfter?.body
    }

    /// The response body's size as the app gets it.
    var size: Int { responseAfter?.body.count ?? 0 }

    /// The status class the filter offers: `2xx` … `5xx`, or `failed`.
    var statusClass: String {
        guard let status, status > 0 else { return "failed" }
        return "\(status / 100)xx"
    }
}

extension ReportExchange {
    /// The most bytes of one body the page holds; a larger one shows its size and its head.
    static let bodyLimit = 512 * 1024

    /// The details as one JSON object, for the page's script. `<` is written `\u003c`, so
    /// no text can end the script element that holds it.
    func appendJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"i":\#(index),"url":"#.utf8)
        Self.string(url, to: &out)
        if let urlAfter {
            out.append(contentsOf: #","urlAfter":"#.utf8)
            Self.string(urlAfter, to: &out)
        }
        out.append(contentsOf: #","method":"#.utf8)
        Self.string(method, to: &out)
        out.append(contentsOf: #","reqBefore":"#.utf8)
        Self.message(headers: requestBefore.headers, body: requestBefore.body, contentType: requestBefore.headers["Content-Type"], to: &out)
        out.append(contentsOf: #","reqAfter":"#.utf8)
        if requestAfter.headers == requestBefore.headers, requestAfter.body == requestBefore.body {
            out.append(contentsOf: "null".utf8)
        } else {
            Self.message(headers: requestAfter.headers, body: requestAfter.body, contentType: requestAfter.headers["Content-Type"], to: &out)
        }
        out.append(contentsOf: #","resBefore":"#.utf8)
        Self.response(responseBefore, to: &out)
        out.append(contentsOf: #","resAfter":"#.utf8)
        if let after = responseAfter, after == responseBefore {
            out.append(contentsOf: "null".utf8)
        } else {
            Self.response(responseAfter, to: &out)
        }
        if let failure {
            out.append(contentsOf: #","failure":"#.utf8)
            Self.string(failure, to: &out)
        }
        out.append(contentsOf: #","trace":["#.utf8)
        for (position, line) in trace.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            Self.string(line, to: &out)
        }
        out.append(contentsOf: #"],"misses":["#.utf8)
        for (position, miss) in nearMisses.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"rule":"#.utf8)
            Self.string(miss.rule.description, to: &out)
            out.append(contentsOf: #","checks":["#.utf8)
            for (number, check) in miss.checks.enumerated() {
                if number > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: #"{"held":\#(check.held),"condition":"#.utf8)
                Self.string(check.condition, to: &out)
                if let actual = check.actual {
                    out.append(contentsOf: #","actual":"#.utf8)
                    Self.string(actual, to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(contentsOf: "]}".utf8)
        }
        out.append(contentsOf: "]}".utf8)
    }

    private static func response(_ response: HTTPResponse?, to out: inout [UInt8]) {
        guard let response else { return out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: #"{"status":\#(response.status),"m":"#.utf8)
        message(headers: response.headers, body: response.body, contentType: response.headers["Content-Type"], to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `{"headers":[[name,value]…],"body":BODY}`; a body is null (none), or
    /// `{"size":N,"kind":"text"|"json"|"image"|"binary","text"|"data"|"hex":…,"mime":…,"cut":bool}`.
    private static func message(headers: HTTPHeaders, body: [UInt8]?, contentType: String?, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"headers":["#.utf8)
        for (position, field) in headers.fields.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            string(field.name, to: &out)
            out.append(UInt8(ascii: ","))
            string(field.value, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(contentsOf: #"],"body":"#.utf8)
        defer { out.append(UInt8(ascii: "}")) }
        guard let body, !body.isEmpty else { return out.append(contentsOf: "null".utf8) }
        let mime = (contentType ?? "").split(separator: ";").first.map { String($0).trimmingWhitespace().lowercased() } ?? ""
        let cut = body.count > bodyLimit
        let shown = cut ? Array(body.prefix(bodyLimit)) : body
        out.append(contentsOf: #"{"size":\#(body.count),"cut":\#(cut),"mime":"#.utf8)
        string(mime, to: &out)
        if mime.hasPrefix("image/"), !cut, mime != "image/svg+xml" {
            out.append(contentsOf: #","kind":"image","data":""#.utf8)
            out.append(contentsOf: Data(body).base64EncodedString().utf8)
            out.append(contentsOf: "\"}".utf8)
        } else if let text = String(strictUTF8: shown) {
            let isJSON = !cut && shown.withUnsafeBufferPointer { JSONValidator.isValid($0) }
            out.append(contentsOf: #","kind":"\#(isJSON ? "json" : "text")","text":"#.utf8)
            string(text, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            let hex = body.prefix(256).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            out.append(contentsOf: #","kind":"binary","hex":""#.utf8)
            out.append(contentsOf: hex.utf8)
            out.append(contentsOf: "\"}".utf8)
        }
    }

    /// `text` as a JSON string that is safe inside a script element.
    static func string(_ text: String, to out: inout [UInt8]) {
        var quoted: [UInt8] = []
        JSONText.appendQuoted(text, to: &quoted)
        for byte in quoted {
            if byte == UInt8(ascii: "<") {
                out.append(contentsOf: #"\u003c"#.utf8)
            } else {
                out.append(byte)
            }
        }
    }
}
