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
    /// The tool that wrote a read archive (`"Firefox 120.0"`), or RewriteKit.
    public private(set) var creator: String = "RewriteKit"

    /// The version written in `log.creator`.
    static let version = "0.1.0"

    /// An archive of these exchanges.
    public init(exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
    }

    /// Reads a HAR file's text. Unless `revealingSecrets` is set, the values of secret
    /// headers (Authorization, Proxy-Authorization, Cookie, Set-Cookie) and query parameters
    /// (`token`, `api_key`, … as ``Rewriter/redactedQueryNames``) read `<redacted>`: an export
    /// holds whatever the browser sent, and what is read from it ends up in reports and files.
    ///
    /// - Throws: ``HTTPArchiveError`` naming the place (`log.entries[3].request`) when it is
    ///   not JSON or lacks a field every HAR has.
    public init(data: Data, revealingSecrets: Bool = false) throws {
        let document: HARDocument
        do {
            document = try JSONDecoder().decode(HARDocument.self, from: data)
        } catch let error as DecodingError {
            throw HTTPArchiveError(decoding: error)
        }
        if let creator = document.log.creator { self.creator = "\(creator.name) \(creator.version)" }
        exchanges = []
        let dates = Self.dateFormatters()
        for (number, entry) in (document.log.entries ?? []).enumerated() {
            switch Self.exchange(from: entry, dates: dates) {
            case .success(var exchange):
                if !revealingSecrets { Self.redact(&exchange) }
                exchanges.append(exchange)
            case .failure(let reason):
                skippedEntries.append("entry \(number + 1): \(entry.request.method) \(entry.request.url.prefix(200)): \(reason.message)")
            }
        }
    }

    /// Secret header and query values as `<redacted>`.
    private static func redact(_ exchange: inout RecordedExchange) {
        let secrets = SecretNames()
        exchange.request.headers = secrets.redacted(exchange.request.headers)
        for (name, _) in exchange.request.url.queryItems where secrets.isSecretQuery(name) {
            exchange.request.url.setQueryValue(SecretNames.placeholder, for: name)
        }
        if let headers = exchange.response?.headers { exchange.response?.headers = secrets.redacted(headers) }
        if let headers = exchange.serverResponse?.headers { exchange.serverResponse?.headers = secrets.redacted(headers) }
    }

    /// The archive as HAR 1.2 JSON, UTF-8, keys sorted so exports compare well.
    public func data() -> Data {
        let dates = Self.dateFormatters()[0]
        let document = HARDocument(log: .init(
            version: "1.2", creator: .init(name: "RewriteKit", version: Self.version), pages: [],
            entries: exchanges.map { Self.entry($0, dates: dates) }))
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

    private static func exchange(from entry: HARDocument.Entry, dates: [ISO8601DateFormatter]) -> Result<RecordedExchange, EntryProblem> {
        let method = entry.request.method.trimmingCharacters(in: .whitespaces)
        guard !method.isEmpty else { return .failure(EntryProblem(message: "no method")) }
        guard let url = RequestURL(string: entry.request.url), url.scheme == "http" || url.scheme == "https" else {
            return .failure(EntryProblem(message: "not an http(s) URL"))
        }
        var request = HTTPRequest(method: method.uppercased(), url: url, headers: headers(entry.request.headers))
        request.body = requestBody(entry.request.postData)
        var response: HTTPResponse?
        var complete = true
        if let har = entry.response, har.status > 0 {
            let content = har.content
            var body: [UInt8] = []
            if let text = content?.text {
                if let encoding = content?.encoding, ASCIICase.equal(encoding, "base64") {
                    guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                        return .failure(EntryProblem(message: "response content is not valid base64"))
                    }
                    body = [UInt8](bytes)
                } else {
                    body = Array(text.utf8)
                }
            } else if (content?.size ?? 0) > 0 {
                complete = false
            }
            response = HTTPResponse(status: har.status, headers: headers(har.headers), body: body)
        }
        let source = entry.rewrite.flatMap { ResponseSource(rawValue: $0.source) } ?? .network
        var error: URLError?
        if response == nil {
            let code = entry.rewrite?.error.flatMap { Int($0.split(separator: " ").last ?? "") } ?? URLError.Code.unknown.rawValue
            error = URLError(URLError.Code(rawValue: code) ?? .unknown)
        }
        return .success(RecordedExchange(
            request: request, response: response, serverResponse: source == .network ? response : nil, source: source,
            error: error, startedAt: entry.startedDateTime.flatMap { text in dates.lazy.compactMap { $0.date(from: text) }.first }
                ?? Date(timeIntervalSince1970: 0),
            duration: max(0, entry.time ?? 0) / 1000, appliedRules: entry.rewrite?.rules ?? [], hasCompleteBody: complete))
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
        let form = params.map { PercentEncoding.encodeQueryComponent($0.name) + "=" + PercentEncoding.encodeQueryComponent($0.value ?? "") }
        return Array(form.joined(separator: "&").utf8)
    }

    /// Formatters for HAR dates, made once per archive read or written: ISO 8601 with
    /// milliseconds (what is written), then without fractional seconds.
    private static func dateFormatters() -> [ISO8601DateFormatter] {
        ([[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] as [ISO8601DateFormatter.Options]).map { options in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            return formatter
        }
    }

    /// A body as HAR text: UTF-8 as it is, anything else as base64 (and whether it is).
    private static func text(of body: [UInt8]) -> (text: String, isBase64: Bool) {
        if let text = String(validating: body, as: UTF8.self) { return (text, false) }
        return (Data(body).base64EncodedString(), true)
    }

    private static func entry(_ exchange: RecordedExchange, dates: ISO8601DateFormatter) -> HARDocument.Entry {
        let request = exchange.request
        let milliseconds = (exchange.duration * 1000 * 1000).rounded() / 1000
        var post: HARDocument.PostData?
        if let body = request.body {
            let (text, isBase64) = text(of: body)
            post = .init(
                mimeType: request.headers["Content-Type"] ?? "application/octet-stream", text: text, params: [],
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
            harResponse = .init(
                status: response.status, statusText: HTTPURLResponse.localizedString(forStatusCode: response.status), httpVersion: "HTTP/1.1",
                cookies: cookies(response.headers.values(for: "Set-Cookie").compactMap { $0.split(separator: ";").first }),
                headers: pairs(response.headers), content: content, redirectURL: response.headers["Location"] ?? "",
                headersSize: -1, bodySize: exchange.hasCompleteBody ? Double(response.body.count) : -1)
        }
        let error = exchange.error.map { "NSURLErrorDomain \($0.code.rawValue)" }
        return HARDocument.Entry(
            startedDateTime: dates.string(from: exchange.startedAt), time: milliseconds, request: harRequest,
            response: harResponse, cache: .init(),
            timings: .init(blocked: -1, dns: -1, connect: -1, send: 0, wait: milliseconds, receive: 0, ssl: -1),
            rewrite: .init(rules: exchange.appliedRules, source: exchange.source.rawValue, error: error))
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
