import Foundation

extension ActivityEvent {
    /// The event as one line of JSON (no line break inside), for activity logs read by
    /// another process: `kind`, the request's fields, and the details of the kind under
    /// their own names. Carries what the event carries, already redacted; the trace is
    /// given as its redacted text.
    var jsonLine: String {
        var object: [String: Any] = [
            "kind": kind.rawValue,
            "requestID": requestID,
            "method": method,
            "url": url,
            "requestHeaders": Self.json(requestHeaders),
            "duration": duration,
        ]
        switch details {
        case .started: break
        case .response(let status, let headers):
            object["status"] = status
            object["responseHeaders"] = Self.json(headers)
        case .finished(let completion):
            if let status = completion.status { object["status"] = status }
            if let headers = completion.responseHeaders { object["responseHeaders"] = Self.json(headers) }
            object["bytesSent"] = completion.bytesSent
            object["bytesReceived"] = completion.bytesReceived
            if let error = completion.error { object["error"] = Self.json(error) }
            if let source = completion.source { object["source"] = source.rawValue }
            object["appliedRules"] = completion.appliedRules.map(Self.json)
            if let trace = completion.trace { object["trace"] = trace.description }
            if let location = completion.redirectLocation { object["redirectLocation"] = location }
        case .log(let rule, let message):
            object["rule"] = Self.json(rule)
            object["message"] = message
        case .tag(let rule, let name):
            object["rule"] = Self.json(rule)
            object["tag"] = name
        case .bypassed(let reason, let skipped, let error):
            object["reason"] = reason
            object["skippedRules"] = skipped.map(Self.json)
            if let error { object["error"] = Self.json(error) }
        case .rulesChanged(let summary, let diagnostics):
            object["summary"] = summary
            object["diagnostics"] = diagnostics.map(\.description)
        case .unmatched(let summary, let misses):
            object["summary"] = summary
            object["nearMisses"] = misses.map { Self.json($0.rule) }
        case .degraded(let fact, let consequence):
            object["fact"] = fact
            object["consequence"] = consequence
        }
        object["requestsInFlight"] = requestsInFlight
        if droppedEvents > 0 { object["droppedEvents"] = droppedEvents }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return #"{"kind":"\#(kind.rawValue)","requestID":\#(requestID)}"#
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(_ headers: HTTPHeaders) -> [[String]] {
        headers.map { [$0.name, $0.value] }
    }

    private static func json(_ rule: RuleReference) -> [String: Any] {
        ["name": rule.name, "file": rule.file, "line": rule.line]
    }

    private static func json(_ error: RequestError) -> [String: Any] {
        var described: [String: Any] = ["domain": error.domain, "code": error.code]
        if let message = error.message { described["message"] = message }
        return described
    }
}
