import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A HAR 1.2 log (HTTP Archive): the format browsers' developer tools, Charles, Proxyman
/// and mitmproxy import and export.
///
/// Export a capture's traffic for any of those tools to open:
/// ```swift
/// try capture.archive.data().write(to: harURL)
/// ```
/// Read one from any of them, to write a recording (`rewrite import-har` does this) or run
/// its requests through rules (`rewrite apply --har`):
/// ```swift
/// let archive = try HTTPArchive(data: Data(contentsOf: harURL))
/// try RecordingWriter(folder: fixtures, name: "session").write(archive.exchanges)
/// ```
/// Each entry written carries a `_rewrite` object (HAR's custom-field convention) naming
/// the rules that applied, where the answer came from and, for a failure, the error.
public struct HTTPArchive: Sendable {
    /// The exchanges, in the order they started.
    public var exchanges: [RecordedExchange]
    /// Entries of a read archive that are not HTTP exchanges RewriteKit can use, each with
    /// its position and why (`entry 4: GET chrome-extension://…: not an http(s) URL`).
    public private(set) var skippedEntries: [String] = []
    /// What reading redacted, for the import summary: each secret header and query
    /// parameter with how many values it held (`header Cookie`, `query token`), and how many
    /// bodies a credential-like copy of one was scrubbed from (`bodies`).
    package private(set) var redactionCounts: [(what: String, count: Int)] = []
    /// The tool that wrote a read archive (`"Firefox 120.0"`), or RewriteKit.
    public private(set) var creator: String = "RewriteKit"
    /// What a read archive had in another form than HAR 1.2 gives it, and was read
    /// leniently: at most one line per file (`3 fields do not have the types HAR 1.2 gives
    /// them and were read leniently (first: log.entries[0].request.cookies: expected an
    /// array, found an object)`).
    public private(set) var warnings: [String] = []

    /// The version written in `log.creator`.
    static let version = "0.1.0"

    /// An archive of these exchanges.
    public init(exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
    }

    /// Reads a HAR file's text, as any tool wrote it (see ``warnings`` for what was read
    /// leniently). Every entry becomes an exchange or a line of ``skippedEntries``.
    ///
    /// Unless `revealingSecrets` is set, secrets read `<redacted>`: the values of secret
    /// headers (``Rewriter/redactedHeaderNames``) and query parameters
    /// (``Rewriter/redactedQueryNames``, compared by suffix), and each such value of 8
    /// characters or more wherever it appears again in the file: in other URLs, headers
    /// (`Location` included) and bodies, and in the skipped entries' lines. An export holds
    /// whatever the browser sent, and what is read from it ends up in reports and files.
    ///
    /// - Parameters:
    ///   - data: the HAR file's bytes.
    ///   - revealingSecrets: keep every value as it is. Off by default.
    ///   - redactedHeaderNames: header names whose values are secrets too, besides the defaults.
    ///   - redactedQueryNames: query parameter names whose values are secrets too (compared
    ///     the same way), besides the defaults.
    /// - Throws: ``HTTPArchiveError`` with the place and its line and column when the text is
    ///   not JSON or lacks the structure every HAR has.
    public init(
        data: Data, revealingSecrets: Bool = false, redactedHeaderNames: Set<String> = [], redactedQueryNames: Set<String> = []
    ) throws {
        let reader = try HARReader.read([UInt8](data))
        warnings = reader.warnings
        if let creator = reader.document.log.creator { self.creator = "\(creator.name) \(creator.version)".trimmingWhitespace() }
        exchanges = []
        var skipped: [String] = []
        for (number, entry) in (reader.document.log.entries ?? []).enumerated() {
            switch Self.exchange(from: entry) {
            case .success(var exchange):
                exchange.entry = number + 1
                exchanges.append(exchange)
            case .failure(let reason):
                let method = entry.request.method.isEmpty ? "" : entry.request.method + " "
                skipped.append("entry \(number + 1): \(method)\(Self.shortened(entry.request.url)): \(reason.message)")
            }
        }
        if !revealingSecrets {
            let defaults = SecretNames()
            let names = SecretNames(headers: defaults.headers.union(redactedHeaderNames), queries: defaults.queries.union(redactedQueryNames))
            // By name, case-insensitively, shown as first spelt.
            var counts: [String: Int] = [:]
            var order: [(key: String, shown: String)] = []
            func count(_ what: String) {
                let key = what.lowercased()
                if counts[key] == nil { order.append((key, what)) }
                counts[key, default: 0] += 1
            }
            for exchange in exchanges {
                let responses = [exchange.response, exchange.serverResponse].compactMap { $0 }
                for field in exchange.request.headers.fields + responses.flatMap(\.headers.fields)
                where names.isSecretHeader(field.name) && field.value != SecretNames.placeholder {
                    count("header " + field.name)
                }
                for item in exchange.request.url.queryItems where names.isSecretQuery(item.name) && item.value != SecretNames.placeholder {
                    count("query " + item.name)
                }
            }
            let before = exchanges
            Redaction(names: names).apply(to: &exchanges, texts: &skipped)
            let scrubbed = zip(before, exchanges).filter { old, new in
                old.request.body != new.request.body || old.response?.body != new.response?.body
                    || old.serverResponse?.body != new.serverResponse?.body
            }.count
            redactionCounts = order.map { ($0.shown, counts[$0.key] ?? 0) } + (scrubbed > 0 ? [("bodies", scrubbed)] : [])
        }
        skippedEntries = skipped
    }

    /// A URL for a line: at most 200 characters (a `data:` URL can hold a whole image).
    private static func shortened(_ url: String) -> String {
        url.count > 200 ? url.prefix(199) + "…" : url
    }

    /// The archive as HAR 1.2 JSON, UTF-8, keys sorted so exports compare well.
    public func data() -> Data {
        let document = HARDocument(log: .init(
            version: "1.2", creator: .init(name: "RewriteKit", version: Self.version), pages: [],
            entries: exchanges.map(Self.entry)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value is a string, number or array of them: encoding cannot fail.
        return (try? encoder.encode(document)) ?? Data()
    }
}

extension HTTPArchive {
    /// Why an entry was skipped.
    private struct EntryProblem: Error {
        let message: String
    }

    /// The exchange an entry holds, or why it holds none that RewriteKit can use. What the
    /// HAR does not hold is not invented: a response whose body the HAR did not keep (no
    /// text, but a size or `Content-Length` above 0) is read as incomplete, and a request
    /// that got no response (status 0: blocked, cancelled, failed) as failed, each with a
    /// note that says so in the HAR's terms.
    private static func exchange(from entry: HARDocument.Entry) -> Result<RecordedExchange, EntryProblem> {
        guard var url = RequestURL(string: entry.request.url), ["http", "https", "ws", "wss"].contains(url.scheme) else {
            return .failure(EntryProblem(message: "not an http(s) URL"))
        }
        // A WebSocket's handshake: the app asks for a ws(s) URL, which some tools write as http(s).
        let socket = entry.webSocketMessages != nil && entry.response?.status == 101
        if socket, url.scheme == "http" || url.scheme == "https" { url.scheme = url.scheme == "https" ? "wss" : "ws" }
        let method = entry.request.method.trimmingCharacters(in: .whitespaces)
        guard !method.isEmpty else { return .failure(EntryProblem(message: "the request has no method")) }
        guard HTTPSyntax.isToken(method) else { return .failure(EntryProblem(message: "the request's method is not an HTTP method")) }
        var request = HTTPRequest(method: method.uppercased(), url: url, headers: headers(entry.request.headers))
        request.body = requestBody(entry.request.postData)
        var response: HTTPResponse?
        var complete = true
        var note: String?
        if let har = entry.response, har.status > 0 {
            let content = har.content
            var body: [UInt8] = []
            if let text = content?.text {
                if let encoding = content?.encoding, ASCIICase.equal(encoding, "base64") {
                    guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                        return .failure(EntryProblem(message: "the response body is marked base64 but is not"))
                    }
                    body = [UInt8](bytes)
                } else {
                    body = Array(text.utf8)
                }
            }
            var headers = headers(har.headers)
            // A tool that leaves `Location` out of a redirect's headers still names it here.
            if (300..<400).contains(har.status), headers["Location"] == nil, let target = har.redirectURL, !target.isEmpty {
                headers.add("Location", target)
            }
            response = HTTPResponse(status: har.status, headers: headers, body: body)
            let length = Double(headers["Content-Length"]?.trimmingWhitespace() ?? "") ?? 0
            // An empty body is taken as empty only where the HAR says so: a size of 0 (or a
            // Content-Length of 0). No size at all (`bodySize: -1`, no `content.size`) is a
            // body the HAR does not know, as mitmproxy writes without bodies.
            let sizeUnknown = content?.size == nil && (har.bodySize ?? -1) < 0 && headers["Content-Length"] == nil
            if body.isEmpty, expectsBody(method: request.method, status: har.status, headers: headers),
               max(content?.size ?? 0, har.bodySize ?? 0, length) > 0 || sizeUnknown {
                complete = false
                note = content?.file.map { "the HAR keeps this body in a separate file, \($0.prefix(100)), which is not read" }
                    ?? content?.comment.map { "the HAR holds no body for this response (it says: \(String($0.prefix(100))))" }
                    ?? "the HAR holds no body for this response"
            }
        } else {
            note = "no response (the request was blocked, cancelled or failed)"
        }
        let source = entry.rewrite.flatMap { ResponseSource(rawValue: $0.source) } ?? .network
        var error: RequestError?
        if response == nil {
            error = entry.rewrite?.error.flatMap(RequestError.init(parsing:)) ?? RequestError(code: NSURLErrorUnknown)
        }
        var exchange = RecordedExchange(
            request: request, response: response, serverResponse: source == .network ? response : nil, source: source,
            error: error, startedAt: entry.startedDateTime.flatMap(HARDate.parse)
                ?? Date(timeIntervalSince1970: 0),
            duration: max(0, entry.time ?? 0) / 1000, appliedRules: entry.rewrite?.rules.map(\.reference) ?? [], hasCompleteBody: complete)
        exchange.note = note
        // A stream's message times, when they fit its body (increasing offsets inside it).
        if let marks = entry.response?.content?.rewrite?.messages, !marks.isEmpty, let body = response?.body,
           marks.allSatisfy({ (0...body.count).contains($0.offset) }), zip(marks, marks.dropFirst()).allSatisfy({ $0.offset < $1.offset }) {
            exchange.messages = marks.map(\.message)
        }
        if socket, let messages = entry.webSocketMessages {
            exchange.socketMessages = socketMessages(messages, startedAt: entry.startedDateTime.flatMap(HARDate.parse))
        }
        return .success(exchange)
    }

    /// `_webSocketMessages` as recorded messages: text and binary frames (other opcodes, such as
    /// pings, are left out), times made relative to the handshake's start (to the first
    /// message's when the entry has no start), never negative.
    private static func socketMessages(_ messages: [HARDocument.SocketMessage], startedAt: Date?) -> [RecordedSocketMessage] {
        let origin = startedAt?.timeIntervalSince1970 ?? messages.map(\.time).min() ?? 0
        return messages.compactMap { message in
            let direction: RecordedSocketMessage.Direction
            switch ASCIICase.lowercased(message.type) {
            case "send": direction = .sent
            case "receive": direction = .received
            default: return nil
            }
            let bytes: [UInt8]
            switch message.opcode {
            case 1: bytes = Array(message.data.utf8)
            case 2:
                guard let data = Data(base64Encoded: message.data, options: .ignoreUnknownCharacters) else { return nil }
                bytes = [UInt8](data)
            default: return nil
            }
            return RecordedSocketMessage(direction: direction, time: max(0, message.time - origin), isBinary: message.opcode == 2, bytes: bytes)
        }
    }

    /// Whether a response has a body the app would see: not for HEAD, 1xx, 204 and 304,
    /// nor for a redirect URLSession follows (it never shows that body).
    private static func expectsBody(method: String, status: Int, headers: HTTPHeaders) -> Bool {
        if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 { return false }
        if [301, 302, 303, 307, 308].contains(status), headers["Location"] != nil { return false }
        return true
    }

    /// Headers in order; HTTP/2 pseudo-headers (`:authority`) are not headers and are left out.
    private static func headers(_ list: [HARDocument.NameValue]?) -> HTTPHeaders {
        HTTPHeaders((list ?? []).filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value ?? "") })
    }

    /// The body of `postData`: its text (base64 when marked so), or its form parameters
    /// encoded as a form when it has no text; nil without `postData`.
    private static func requestBody(_ post: HARDocument.PostData?) -> [UInt8]? {
        guard let post else { return nil }
        if let text = post.text {
            let encoding = (post.encoding ?? post.customEncoding).map(ASCIICase.lowercased)
            if encoding == "base64", let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) { return [UInt8](data) }
            return Array(text.utf8)
        }
        guard let params = post.params, !params.isEmpty else { return nil }
        if let type = post.mimeType, HeaderParameters(type).type.hasPrefix("multipart/") {
            return multipartBody(params, contentType: type)
        }
        let form = params.map { PercentEncoding.encodeQueryComponent($0.name) + "=" + PercentEncoding.encodeQueryComponent($0.value ?? "") }
        return Array(form.joined(separator: "&").utf8)
    }

    /// A multipart body made of HAR form parameters (a file's value is its bytes as text,
    /// empty when the HAR left them out), with the `mimeType`'s boundary or a new one.
    private static func multipartBody(_ params: [HARDocument.NameValue], contentType: String) -> [UInt8] {
        let parts = params.map { param in
            var headers = [(name: "Content-Disposition", value: MultipartWriter.disposition(name: param.name, filename: param.fileName))]
            if let type = param.contentType { headers.append((name: "Content-Type", value: type)) }
            return (headers: headers, body: Array((param.value ?? "").utf8))
        }
        let boundary = MultipartBoundary(contentType: contentType)?.bytes
            ?? Array(MultipartBoundary.making(for: parts.map(\.body)).utf8)
        return MultipartWriter.body(boundary: boundary, parts: parts)
    }

    /// A multipart body's parts as HAR form parameters (HAR 1.2 `params`): a file's name
    /// and type, a field's text; nil for any other body, or one that is not valid multipart.
    static func params(of body: [UInt8], contentType: String?) -> [HARDocument.NameValue]? {
        guard let boundary = contentType.flatMap(MultipartBoundary.init(contentType:)),
              case .success(let layout) = MultipartScanner.layout(of: body, boundary: boundary.bytes)
        else { return nil }
        return layout.parts.map { part in
            let facts = MultipartPartFacts(headers: part.headers)
            let bytes = body[part.bodyStart..<part.bodyEnd]
            let value = facts.filename == nil ? String(strictUTF8: Array(bytes)) : nil
            return .init(
                name: facts.name ?? "", value: value, fileName: facts.filename,
                contentType: facts.header("Content-Type") == nil ? nil : facts.mediaType)
        }
    }

    /// A body as HAR text: UTF-8 as it is, anything else as base64 (and whether it is).
    private static func text(of body: [UInt8]) -> (text: String, isBase64: Bool) {
        if let text = String(strictUTF8: body) { return (text, false) }
        return (Data(body).base64EncodedString(), true)
    }

    private static func entry(_ exchange: RecordedExchange) -> HARDocument.Entry {
        let request = exchange.request
        let milliseconds = (exchange.duration * 1000 * 1000).rounded() / 1000
        var post: HARDocument.PostData?
        if let body = request.body {
            let (text, isBase64) = text(of: body)
            post = .init(
                mimeType: request.headers["Content-Type"] ?? "application/octet-stream", text: text,
                params: params(of: body, contentType: request.headers["Content-Type"]) ?? [],
                customEncoding: isBase64 ? "base64" : nil)
        }
        let harRequest = HARDocument.Request(
            method: request.method, url: request.url.description, httpVersion: "HTTP/1.1",
            cookies: cookies(request.headers.values(for: "Cookie").flatMap { $0.split(separator: ";") }),
            headers: pairs(request.headers), queryString: request.url.queryItems.map { .init(name: $0.name, value: $0.value) },
            postData: post, headersSize: -1, bodySize: Double(request.body?.count ?? 0))
        var harResponse = HARDocument.Response(
            status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
            content: .init(size: 0, mimeType: "x-unknown"), redirectURL: "", headersSize: -1, bodySize: -1)
        if let response = exchange.response {
            var content = HARDocument.Content(size: Double(response.body.count), mimeType: response.headers["Content-Type"] ?? "x-unknown")
            if !response.body.isEmpty {
                let (text, isBase64) = text(of: response.body)
                content.text = text
                content.encoding = isBase64 ? "base64" : nil
            }
            // Message times are of the server's bytes: written when the app got those bytes.
            if let marks = exchange.messages, response.body == exchange.serverResponse?.body {
                content.rewrite = .init(messages: marks.map(HARDocument.ContentRewrite.Mark.init))
            }
            harResponse = .init(
                status: response.status, statusText: HTTPURLResponse.localizedString(forStatusCode: response.status), httpVersion: "HTTP/1.1",
                cookies: cookies(response.headers.values(for: "Set-Cookie").compactMap { $0.split(separator: ";").first }),
                headers: pairs(response.headers), content: content, redirectURL: response.headers["Location"] ?? "",
                headersSize: -1, bodySize: exchange.hasCompleteBody ? Double(response.body.count) : -1)
        }
        let error = exchange.error?.description
        let origin = exchange.startedAt.timeIntervalSince1970
        let socket = exchange.socketMessages?.map { message in
            HARDocument.SocketMessage(
                type: message.direction == .sent ? "send" : "receive", time: origin + message.time, opcode: message.isBinary ? 2 : 1,
                data: message.isBinary ? Data(message.bytes).base64EncodedString() : String(decoding: message.bytes, as: UTF8.self))
        }
        return HARDocument.Entry(
            startedDateTime: HARDate.string(from: exchange.startedAt), time: milliseconds, request: harRequest,
            response: harResponse, cache: .init(),
            timings: .init(blocked: -1, dns: -1, connect: -1, send: 0, wait: milliseconds, receive: 0, ssl: -1),
            rewrite: .init(rules: exchange.appliedRules.map(HARDocument.RewriteFields.AppliedRule.init), source: exchange.source.rawValue, error: error),
            webSocketMessages: socket)
    }

    private static func pairs(_ headers: HTTPHeaders) -> [HARDocument.NameValue] {
        headers.fields.map { HARDocument.NameValue(name: $0.name, value: $0.value) }
    }

    /// `name=value` pieces of a Cookie or Set-Cookie header as HAR cookies.
    private static func cookies(_ pieces: [Substring]) -> [HARDocument.NameValue] {
        pieces.compactMap { piece in
            guard let equals = piece.firstIndex(of: "=") else { return nil }
            return .init(
                name: piece[..<equals].trimmingCharacters(in: .whitespaces),
                value: piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
    }
}
