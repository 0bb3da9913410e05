import Foundation

/// What a route may need to know about the server it runs in.
struct RouteContext {
    /// The server's port, for absolute URLs.
    let port: Int
    /// Whether the server is stopping; slow routes give up when it is.
    let isStopping: () -> Bool
    /// How many requests for this target (path and query) the server has received, this one included.
    let calls: (String) -> Int

    /// Waits `seconds`; false if the server began stopping meanwhile.
    func sleep(_ seconds: Double) -> Bool {
        ServerClock.sleep(seconds, unless: isStopping)
    }
}

/// Maps a recorded request to the response of the httpbin-like endpoint it names.
///
/// Endpoints live in `Router+Echo.swift` (echo and inspection), `Router+Redirects.swift`,
/// `Router+Streaming.swift` (large, slow and compressed bodies), `Router+Sequence.swift`
/// (answers that change from call to call), `Router+Auth.swift`
/// (authentication challenges) and `Router+Failures.swift` (broken connections). Unknown paths get
/// `404 {"error":"not found"}`.
enum Router {
    /// The response to `request`.
    static func response(to request: RecordedRequest, context: RouteContext) -> ServerResponse {
        let segments = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard let name = segments.first else { return notFound }
        let argument = segments.count == 2 ? segments[1] : nil
        switch (name, segments.count) {
        case ("anything", _):
            return echo(request, context: context)
        case ("get", 1):
            return only(["GET", "HEAD"], request) { echo(request, context: context) }
        case ("post", 1), ("put", 1), ("patch", 1), ("delete", 1):
            return only([name.uppercased()], request) { echo(request, context: context) }
        case ("headers", 1):
            return .json(["headers": headerObject(request)])
        case ("user-agent", 1):
            return .json(["user-agent": request.value(forHeader: "User-Agent").map { $0 as Any } ?? NSNull()])
        case ("echo", 1):
            return echoBody(request)
        case ("discard", 1):
            return .json(["bodyLength": request.bodyLength])
        case ("json", 1):
            return .json(sampleDocument)
        case ("sequence", 2):
            return sequence(argument ?? "", request, context: context)
        case ("status", 2):
            return status(argument)
        case ("delay", 2):
            return delay(argument, request, context: context)
        case ("response-headers", 1):
            return responseHeaders(request)
        case ("cookies", _):
            return cookies(Array(segments.dropFirst()), request)
        case ("redirect", 2), ("relative-redirect", 2):
            return redirect(argument, absolute: request.queryValue("absolute") == "true", request, context: context)
        case ("absolute-redirect", 2):
            return redirect(argument, absolute: true, request, context: context)
        case ("redirect-to", 1):
            return redirectTo(request)
        case ("bytes", 2):
            return bytes(argument, request)
        case ("stream-bytes", 2):
            return streamBytes(argument, request)
        case ("stream", 2):
            return stream(argument, request, context: context)
        case ("drip", 1):
            return drip(request, context: context)
        case ("events", 2):
            return events(argument, request, context: context)
        case ("basic-auth", 3):
            return basicAuth(user: segments[1], password: segments[2], request)
        case ("bearer", 1):
            return bearer(request)
        case ("drop", 1):
            return drop(request)
        case ("hang-up", 1):
            return .hangUp
        case ("gzip", 1):
            return compressed(request, context: context, encoding: "gzip")
        case ("deflate", 1):
            return compressed(request, context: context, encoding: "deflate")
        default:
            return notFound
        }
    }

    /// `404 {"error":"not found"}`.
    static var notFound: ServerResponse { .error(404, "not found") }

    /// Runs `handler` if the method is allowed, otherwise answers 405 with an `Allow` header.
    static func only(_ methods: [String], _ request: RecordedRequest, _ handler: () -> ServerResponse) -> ServerResponse {
        guard methods.contains(request.method) else {
            var response = ServerResponse.error(405, "method not allowed")
            response.headers.append(.init(name: "Allow", value: methods.joined(separator: ", ")))
            return response
        }
        return handler()
    }

    /// A whole number from a path segment or query value, within `range`.
    static func integer(_ text: String?, in range: ClosedRange<Int>) -> Int? {
        guard let text, let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// A number of seconds from a query value or segment, within `range`.
    static func seconds(_ text: String?, in range: ClosedRange<Double>) -> Double? {
        guard let text, let value = Double(text), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// httpbin's sample document, served by `/json`.
    static var sampleDocument: [String: Any] {
        [
        "slideshow": [
            "author": "Yours Truly",
            "date": "date of publication",
            "title": "Sample Slide Show",
            "slides": [
                ["title": "Wake up to WonderWidgets!", "type": "all"],
                ["items": ["Why <em>WonderWidgets</em> are great", "Who <em>buys</em> WonderWidgets"],
                 "title": "Overview", "type": "all"],
            ] as [[String: Any]],
        ] as [String: Any],
        ]
    }
}
