import Foundation

extension Exchange {
    /// Sends an activity event describing this exchange as it stands.
    func emit(_ kind: ActivityEvent.Kind, error: URLError? = nil, source: ActivityEvent.Source? = nil) {
        let outcome = outcome
        let head = responseHead
        activity.emit {
            ActivityEvent(
                kind: kind,
                requestID: requestID,
                method: outcome?.request.method ?? original.httpMethod ?? "GET",
                url: outcome?.request.url.description ?? original.url?.absoluteString ?? "",
                requestHeaders: outcome?.request.headers ?? [:],
                status: head?.status,
                responseHeaders: head?.headers,
                duration: Date().timeIntervalSince(startedAt),
                bytesSent: bytesSent,
                bytesReceived: bytesReceived,
                error: error,
                source: source,
                appliedRules: outcome?.appliedRules ?? [],
                trace: kind == .finished ? outcome?.trace : nil,
                message: nil,
                requestsInFlight: activity.inFlight)
        }
    }
}
