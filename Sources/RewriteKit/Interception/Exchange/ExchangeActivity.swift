import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an exchange tells the app's observers about its hops: `.started`, `.response`,
/// `.finished`, and a `.log` event for each `log` or `tag` a rule ran. The exchange keeps
/// the counts (which hop started, ended, how many entries were sent); this builds the
/// events and hands them to the rewriter's ``ActivityHub``.
struct ExchangeActivity: @unchecked Sendable {
    let hub: ActivityHub
    /// The request as the protocol received it, for a hop that has none yet.
    let original: URLRequest

    /// Sends an event describing `hop` as it stands.
    func emit(
        _ kind: ActivityEvent.Kind, hop: ExchangeHop, error: RequestError? = nil, source: ResponseSource? = nil,
        message: String? = nil, redirectLocation: String? = nil
    ) {
        let original = original
        hub.emit { inFlight in
            var event = ActivityEvent(kind: kind, hop: hop, fallbackRequest: original, requestsInFlight: inFlight)
            event.error = error
            event.source = source
            event.message = message
            event.redirectLocation = redirectLocation
            if kind == .finished { event.trace = hop.trace }
            return event
        }
    }

    /// Sends a `.log` event for each `log` or `tag` entry among `entries`.
    func log(_ entries: some Sequence<TraceEntry>, hop: ExchangeHop) {
        let original = original
        for entry in entries {
            let (message, tag): (String?, String?)
            switch entry.event {
            case .log(let text): (message, tag) = (text, nil)
            case .tag(let name): (message, tag) = (nil, name)
            default: continue
            }
            hub.emit { inFlight in
                var event = ActivityEvent(kind: .log, hop: hop, fallbackRequest: original, requestsInFlight: inFlight)
                event.appliedRules = [entry.rule]
                event.message = message
                event.tag = tag
                event.trace = nil
                if entry.phase == .request { event.responseHeaders = nil }
                return event
            }
        }
    }
}
