import Foundation

extension ActivityEvent {
    /// The event as one line of JSON (no line break inside), for activity logs read by
    /// another process. Carries what the event carries, already redacted; the trace is
    /// given as its redacted text.
    var jsonLine: String {
        var object: [String: Any] = [
            "kind": kind.rawValue,
            "requestID": requestID,
            "method": method,
            "url": url,
            "requestHeaders": Self.json(requestHeaders),
            "duration": duration,
            "bytesSent": bytesSent,
            "bytesReceived": bytesReceived,
            "appliedRules": appliedRules.map(Self.json),
        ]
        if let status { object["status"] = status }
        if let responseHeaders { object["responseHeaders"] = Self.json(responseHeaders) }
        if let error {
            var described: [String: Any] = ["domain": error.domain, "code": error.code]
            if let message = error.message { described["message"] = message }
            object["error"] = described
        }
        if let source { object["source"] = source.rawValue }
        if !skippedRules.isEmpty { object["skippedRules"] = skippedRules.map(Self.json) }
        if let trace { object["trace"] = trace.description }
        if let message { object["message"] = message }
        if let tag { object["tag"] = tag }
        if let redirectLocation { object["redirectLocation"] = redirectLocation }
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
}
