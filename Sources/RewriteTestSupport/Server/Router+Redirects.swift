import Foundation

/// Redirect endpoints, for following chains and testing each 3xx status.
extension Router {
    /// `/redirect/{n}` and `/relative-redirect/{n}` (relative `Location`),
    /// `/absolute-redirect/{n}` (absolute `Location`): a 302 chain of n hops ending at `/get`.
    static func redirect(_ argument: String?, absolute: Bool, _ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        guard let count = integer(argument, in: 1...100) else { return .error(400, "redirect count must be 1 to 100") }
        let name = absolute ? "absolute-redirect" : (request.path.hasPrefix("/relative-redirect") ? "relative-redirect" : "redirect")
        let next = count == 1 ? "/get" : "/\(name)/\(count - 1)"
        let host = request.value(forHeader: "Host") ?? "127.0.0.1:\(context.port)"
        let location = absolute ? "http://\(host)\(next)" : next
        return redirectResponse(302, to: location)
    }

    /// `/redirect-to?url=U&status_code=302`: one redirect to `U` with a 3xx status (default 302).
    static func redirectTo(_ request: RecordedRequest) -> ServerResponse {
        guard let target = request.queryValue("url"), !target.isEmpty,
              !target.contains(where: { $0 == "\r" || $0 == "\n" })
        else { return .error(400, "missing or invalid 'url' parameter") }
        var code = 302
        if let text = request.queryValue("status_code") {
            guard let parsed = integer(text, in: 300...399) else { return .error(400, "status_code must be 300 to 399") }
            code = parsed
        }
        return redirectResponse(code, to: target)
    }

    private static func redirectResponse(_ status: Int, to location: String) -> ServerResponse {
        .text("redirecting to \(location)\n", status: status, headers: [.init(name: "Location", value: location)])
    }
}
