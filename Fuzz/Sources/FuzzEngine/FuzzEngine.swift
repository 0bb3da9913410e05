import FuzzSupport
import RewriteKit

/// Generated rules × generated requests and responses through the whole engine, the input
/// bytes choosing every rule, value and request. Beyond "no crash", no timeout: every
/// header the engine sends holds no control character but tab, every URL it builds parses
/// back to the same host, with no space or control character in it, and no path segment
/// climbs (`..`) unless the app's own path did.
@main
enum FuzzEngine {
    static func main() {
        Fuzzer.run(fuzzEngineTestOneInput)
    }

    /// Hands out the input's bytes as choices; zero when they run out.
    struct Choices {
        var bytes: [UInt8]
        var position = 0

        mutating func next() -> Int {
            defer { position += 1 }
            return position < bytes.count ? Int(bytes[position]) : 0
        }

        mutating func pick<T>(_ items: [T]) -> T { items[next() % items.count] }

        /// The rest of the input as text (invalid UTF-8 replaced): the hostile value.
        mutating func rest() -> String {
            defer { position = bytes.count }
            return position < bytes.count ? String(decoding: bytes[position...], as: UTF8.self) : ""
        }
    }

    static let conditions = [
        #"host == "api.example.com""#, #"path ~ "/v1/*""#, #"query "v" exists"#, #"header "X-V" contains "a""#,
        #"body ~ /(a+)+b/"#, #"json "user.id" == 1"#, #"url ~ /^https:\/\/([^\/]+)\/(.*)$/"#, "not method == GET",
        #"host ~ "*.example.com" or path starts-with "/v2""#, #"json "user.name" ~ /x{0,300}y/"#,
    ]
    static let requestActions = [
        #"set-url "https://api.example.com/v2/users/${query.v}""#, #"set-url "https://${query.v}.api.example.com/v1""#,
        #"set-url "https://api.example.com/s?q=${query.v}#${header.X-V}""#, #"set-url "${header.X-V}""#,
        #"set-host "${header.X-V}""#, #"set-host "${query.v}.example.com""#, #"set-path "/files/${query.v}""#,
        #"set-scheme "${query.v}""#, #"set-query "q" "${header.X-V}""#, #"set-header "X-Out" "${query.v}""#,
        #"add-header "X-${query.v}" "1""#, #"inject-json "user.${query.v}" "${header.X-V}""#,
        #"wrap-json "${query.v}""#, #"replace-body /a(a)/ "${1}${query.v}""#, #"remove-json "user.id""#,
        #"set-url "https://staging.example.com${path}?${query.v}""#, #"tag "${query.v}""#, #"set-body "${json.user.name}""#,
        #"replace-body /\w*X|a/ "b""#, "log",
    ]
    static let responseActions = [
        #"set-header "X-R" "${header.X-V}""#, #"inject-json "meta.v" "${query.v}""#, "set-status 503",
        #"add-header "X-Q" "${query.v}""#, "log",
    ]
    static let hosts = ["api.example.com", "x.example.com", "bücher.example", "127.0.0.1", "h"]
    static let paths = ["/v1/items", "/v2/a/../b", "/", "/caf%C3%A9", ""]

    static func check(_ bytes: [UInt8]) {
        var choices = Choices(bytes: bytes)
        var text = ""
        for number in 0..<(1 + choices.next() % 4) {
            text += "rule \"r\(number)\" {\n"
            for _ in 0..<(choices.next() % 3) { text += "    when \(choices.pick(conditions))\n" }
            text += "    request {\n"
            for _ in 0..<(1 + choices.next() % 3) { text += "        \(choices.pick(requestActions))\n" }
            text += "    }\n"
            if choices.next() % 2 == 0 { text += "    response { \(choices.pick(responseActions)) }\n" }
            text += "}\n"
        }
        let pipeline: Pipeline
        do {
            pipeline = Pipeline(ruleSets: [try RuleSet(rules: text, name: "fuzz-engine.rules")], environment: .fixed(now: 0))
        } catch {
            Fuzzer.fail("generated rules do not load: \(error)\n\(text)")
        }
        let host = choices.pick(hosts)
        let path = choices.pick(paths)
        let value = choices.rest()
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if isFieldValue(value) { headers.add("X-V", value) }
        let body = choices.position % 2 == 0 ? Array(#"{"user":{"id":1,"name":"aaab"}}"#.utf8) : Array(value.utf8)
        guard let request = HTTPRequest(
            method: "POST", url: "https://\(host)\(path)?v=\(queryEncoded(value))", headers: headers, body: body)
        else { return }
        let outcome = pipeline.processRequest(request)
        checkHeaders(outcome.request.headers, "request")
        let url = outcome.request.url
        let description = url.description
        if description.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            Fuzzer.fail("the URL holds a space or control character: \(description)")
        }
        if url != request.url {
            guard let parsed = RequestURL(string: description), parsed.host == url.host else {
                Fuzzer.fail("the URL does not parse back to its host: \(description)")
            }
            // `set-url "${header.X-V}"` gives the value the whole URL, by the rule's own choice
            // (the language reference says so): its path is the value's, dots and all; a later
            // `set-url "https://…${path}…"` keeps that path (the request's own URL text).
            let valueURL = RequestURL(string: value)?.description
            let namedByValue = valueURL == description || outcome.trace.entries.contains { entry in
                if case .changed(_, .url(_, let after)) = entry.event { return after == valueURL }
                return false
            }
            let climbs = url.path.split(separator: "/").contains("..")
            if climbs && !namedByValue && !request.url.path.split(separator: "/").contains("..") {
                Fuzzer.fail("a path segment climbs: \(description)")
            }
        }
        if case .forward = outcome.disposition {
            let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"meta":{}}"#.utf8))
            checkHeaders(pipeline.processResponse(response, for: outcome).response.headers, "response")
        }
    }

    static func checkHeaders(_ headers: HTTPHeaders, _ side: String) {
        for field in headers where !isFieldValue(field.value) || !isToken(field.name) {
            Fuzzer.fail("a \(side) header holds a control character or a bad name: \(field.name.debugDescription)")
        }
    }

    static func isFieldValue(_ text: String) -> Bool {
        !text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// `value` encoded as a query value (every byte but unreserved ones escaped).
    static func queryEncoded(_ value: String) -> String {
        var output = ""
        for byte in value.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(digits[Int(byte >> 4)])
                output.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return output
    }
}

/// libFuzzer's entry point, exported under its C name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngineTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEngine.check(Fuzzer.bytes(data, size))
    return 0
}
