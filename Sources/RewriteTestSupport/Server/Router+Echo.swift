import Foundation
import RewriteKit

/// Endpoints that describe the request back to the client.
extension Router {
    /// `/anything`, `/get`, `/post`…: method, URL, path, query, headers and body as JSON.
    static func echo(_ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        .json(echoDocument(request, context: context))
    }

    /// The echo document: `method`, `url`, `path`, `args`, `headers`, `data`, `json`,
    /// `bodyLength`, `bodySHA256` and `connectionID`, less any field named in an
    /// `X-Unechoed-Omit` header (comma-separated), so a test can compare documents from
    /// different connections.
    static func echoDocument(_ request: RecordedRequest, context: RouteContext) -> [String: Any] {
        var json: Any = NSNull()
        if !request.body.isEmpty, let parsed = try? JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed]) {
            json = parsed
        }
        var document: [String: Any] = [
            "method": request.method,
            "url": absoluteURL(request, context: context),
            "path": request.path,
            "args": argsObject(request),
            "headers": headerObject(request),
            "data": request.bodyText ?? "",
            "json": json,
            "bodyLength": request.body.count,
            "bodySHA256": TestSHA256.hex(request.body),
            "connectionID": request.connectionID,
        ]
        for name in request.values(forHeader: "X-Unechoed-Omit").flatMap({ $0.split(separator: ",") }) {
            document[name.trimmingCharacters(in: .whitespaces)] = nil
        }
        return document
    }

    /// The URL the client asked for, built from the `Host` header (or 127.0.0.1 and the port).
    static func absoluteURL(_ request: RecordedRequest, context: RouteContext) -> String {
        let host = request.value(forHeader: "Host") ?? "127.0.0.1:\(context.port)"
        let query = request.query.map { "?" + $0 } ?? ""
        return "http://\(host)\(request.path)\(query)"
    }

    /// Query parameters: a string per name, or an array of strings for repeated names.
    static func argsObject(_ request: RecordedRequest) -> [String: Any] {
        var grouped: [String: [String]] = [:]
        for item in request.queryItems { grouped[item.name, default: []].append(item.value) }
        return grouped.mapValues { $0.count == 1 ? $0[0] as Any : $0 as Any }
    }

    /// Headers by canonical name (`x-my-header` → `X-My-Header`), repeated values joined by `", "`.
    /// Headers whose names start with `X-Unechoed-` are recorded but left out, so a test can
    /// mark requests without changing what the server answers.
    static func headerObject(_ request: RecordedRequest) -> [String: String] {
        var object: [String: String] = [:]
        for header in request.headers where !ASCIICase.hasPrefix(header.name, "x-unechoed-") {
            let name = canonicalHeaderName(header.name)
            object[name] = object[name].map { $0 + ", " + header.value } ?? header.value
        }
        return object
    }

    /// `content-type` → `Content-Type`: names are tokens (ASCII), mapped a byte at a time.
    static func canonicalHeaderName(_ name: String) -> String {
        var startsWord = true
        let bytes = name.utf8.map { byte -> UInt8 in
            defer { startsWord = byte == UInt8(ascii: "-") }
            return startsWord ? ASCIICase.upper(byte) : ASCIICase.lower(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `/echo`: exactly the request body, with the request's `Content-Type`.
    static func echoBody(_ request: RecordedRequest) -> ServerResponse {
        let type = request.value(forHeader: "Content-Type") ?? "application/octet-stream"
        return ServerResponse(status: 200, headers: [.init(name: "Content-Type", value: type)], body: Array(request.body))
    }

    /// `/status/{code}`: that status with a short text body (none for 204 and 304); a 407
    /// carries `Proxy-Authenticate`, as httpbin's does.
    static func status(_ argument: String?) -> ServerResponse {
        guard let code = integer(argument, in: 200...599) else { return .error(400, "invalid status code") }
        var response = ServerResponse.text("status \(code)\n", status: code)
        if code == 407 { response.headers.append(.init(name: "Proxy-Authenticate", value: #"Basic realm="Fake Realm""#)) }
        return response
    }

    /// `/delay/{seconds}` (at most 10): the echo document after the delay.
    static func delay(_ argument: String?, _ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        guard let seconds = seconds(argument, in: 0...10) else { return .error(400, "delay must be 0 to 10 seconds") }
        guard context.sleep(seconds) else { return .error(503, "server stopping") }
        return echo(request, context: context)
    }

    /// `/response-headers?Name=value`: sets those headers and echoes them as JSON.
    static func responseHeaders(_ request: RecordedRequest) -> ServerResponse {
        let items = request.queryItems
        let isSafe = { (text: String) in !text.contains(where: { $0 == "\r" || $0 == "\n" }) }
        guard items.allSatisfy({ !$0.name.isEmpty && isSafe($0.name) && isSafe($0.value) }) else {
            return .error(400, "header names and values must not contain line breaks")
        }
        var response = ServerResponse.json(argsObject(request))
        if items.contains(where: { ASCIICase.equal($0.name, "Content-Type") }) {
            response.headers.removeAll { $0.name == "Content-Type" }
        }
        response.headers += items.map { RecordedRequest.Header(name: $0.name, value: $0.value) }
        return response
    }

    /// `/cookies` (the request's cookies as JSON), `/cookies/set?n=v` and `/cookies/delete?n`
    /// (set or expire cookies, then redirect to `/cookies`).
    static func cookies(_ rest: [String], _ request: RecordedRequest) -> ServerResponse {
        switch rest {
        case []:
            var cookies: [String: String] = [:]
            for pair in request.values(forHeader: "Cookie").flatMap({ $0.split(separator: ";") }) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard let name = parts.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
                cookies[name] = parts.count > 1 ? String(parts[1]) : ""
            }
            return .json(["cookies": cookies])
        case ["set"], ["delete"]:
            let expire = rest == ["delete"]
            let valid = { (text: String) in !text.contains(where: { ";,\r\n ".contains($0) }) }
            let items = request.queryItems.filter { !$0.name.isEmpty && valid($0.name) && valid($0.value) }
            var response = ServerResponse.text("redirecting to /cookies\n", status: 302,
                                             headers: [.init(name: "Location", value: "/cookies")])
            response.headers += items.map { item in
                let value = expire ? "\(item.name)=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"
                    : "\(item.name)=\(item.value); Path=/"
                return RecordedRequest.Header(name: "Set-Cookie", value: value)
            }
            return response
        default:
            return notFound
        }
    }
}
