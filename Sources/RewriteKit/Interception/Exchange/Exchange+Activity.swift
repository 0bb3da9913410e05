import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Counts the hop in (the machine has marked it started) and sends `.started`, then a
    /// `.log` or `.tag` event for each `log` or `tag` the request phase ran.
    func beginHopActivity() {
        activityEvents.hub.adjustInFlight(by: 1)
        activityEvents.started(hop)
        if let trace = hop.trace { record(trace) }
    }

    /// Counts the hop out and sends `.finished`, once; a hop that never started only
    /// counts nothing.
    func endHop(error: RequestError?, source: ResponseSource?, redirectLocation: String? = nil) {
        guard case .report = machine.endHop() else { return }
        captureHop(error: error, source: source)
        activityEvents.hub.adjustInFlight(by: -1)
        activityEvents.finished(hop, error: error, source: source, redirectLocation: redirectLocation)
    }

    /// Gives the hop, as it ended, to the running captures; once. Called before the app
    /// hears the end, so a capture holds every request the app has seen finish.
    func captureHop(error: RequestError?, source: ResponseSource?) {
        guard capture.bodyLimit != nil, machine.capturesHop() else { return }
        capture.record(hop, streamed: machine.streamsBody, error: error, source: source)
    }

    /// Sends `.response` with the response the app got.
    func emitResponse() {
        activityEvents.response(hop)
    }

    /// Keeps the pipeline's latest trace and sends a `.log` or `.tag` event for each `log`
    /// or `tag` entry not sent yet.
    func record(_ trace: Trace) {
        hop.trace = trace
        activityEvents.log(trace.entries[machine.freshEntries(of: trace.entries.count)], hop: hop)
    }
}
