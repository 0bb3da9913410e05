import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an exchange tells the app's observers about its hops: `.started`, `.response`,
/// `.finished`, and a `.log` or `.tag` event for each `log` or `tag` a rule ran. The exchange keeps
/// the counts (which hop started, ended, how many entries were sent); this builds the
/// events and hands them to the rewriter's ``ActivityHub``.
struct ExchangeActivity: @unchecked Sendable {
    let hub: ActivityHub
    /// The request as the protocol received it, for a hop that has none yet.
    let original: URLRequest

    /// Sends `.started`.
    func started(_ hop: ExchangeHop) {
        emit(hop) { _ in .started }
    }

    /// Sends `.response` with the response the app got.
    func response(_ hop: ExchangeHop) {
        guard let response = hop.response else { return }
        emit(hop) { _ in .response(status: response.status, headers: response.headers) }
    }

    /// Sends `.finished`: how `hop` ended.
    func finished(_ hop: ExchangeHop, error: RequestError?, source: ResponseSource?, redirectLocation: String?) {
        emit(hop) { hop in .finished(ActivityEvent.Completion(hop: hop, error: error, source: source, redirectLocation: redirectLocation)) }
    }

    /// Sends a `.log` or `.tag` event for each `log` or `tag` entry among `entries`.
    func log(_ entries: some Sequence<TraceEntry>, hop: ExchangeHop) {
        for entry in entries {
            switch entry.event {
            case .log(let text): emit(hop) { _ in .log(rule: entry.rule, message: text) }
            case .tag(let name): emit(hop) { _ in .tag(rule: entry.rule, name: name) }
            default: continue
            }
        }
    }

    /// Sends the event `details` makes of `hop`; `details` runs only if someone observes.
    private func emit(_ hop: ExchangeHop, _ details: (ExchangeHop) -> ActivityEvent.Details) {
        let original = original
        hub.emit { inFlight in ActivityEvent(details(hop), hop: hop, fallbackRequest: original, requestsInFlight: inFlight) }
    }
}
