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
                tag: nil,
                requestsInFlight: activity.inFlight)
        }
    }

    /// Keeps the pipeline's latest trace and sends a `.log` event for each
    /// `log` or `tag` entry not sent yet.
    func record(_ trace: Trace) {
        outcome?.trace = trace
        let fresh = trace.entries.dropFirst(loggedEntries)
        loggedEntries = trace.entries.count
        for entry in fresh {
            let (message, tag): (String?, String?)
            switch entry.event {
            case .log(let text): (message, tag) = (text, nil)
            case .tag(let name): (message, tag) = (nil, name)
            default: continue
            }
            activity.emit {
                var event = ActivityEvent(
                    kind: .log, requestID: requestID,
                    method: outcome?.request.method ?? original.httpMethod ?? "GET",
                    url: outcome?.request.url.description ?? original.url?.absoluteString ?? "",
                    requestHeaders: outcome?.request.headers ?? [:], status: responseHead?.status,
                    responseHeaders: nil, duration: Date().timeIntervalSince(startedAt),
                    bytesSent: bytesSent, bytesReceived: bytesReceived, error: nil, source: nil,
                    appliedRules: [entry.rule], trace: nil, message: message, tag: tag,
                    requestsInFlight: activity.inFlight)
                event.responseHeaders = entry.phase == .response ? responseHead?.headers : nil
                return event
            }
        }
    }
}
