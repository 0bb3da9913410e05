import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// Starts relaying a streamed body's messages through the applied rules' `response each
    /// message` blocks, when it has messages (its `Content-Type`) and there are blocks.
    /// Returns whether it did.
    func startMessageRelay(head: HTTPResponse) -> Bool {
        guard let outcome = hop.outcome, outcome.responsePlan.hasMessageBlocks,
              let format = StreamFormat(contentType: head.headers["Content-Type"])
        else { return false }
        outflow.relay = MessageRelay(format: format, head: head)
        return true
    }

    /// A piece of a streamed body on its way to the app, in the context: through the
    /// relay when one runs, else on as it is.
    func streamOut(_ data: Data) {
        // In place: a copy of the relay would copy its buffers with every piece.
        guard let messages = outflow.relay?.splitter.feed(data) else { return passOn(data) }
        for message in messages { relayed(message) }
        drainRelay()
    }

    /// The streamed body ended, in the context: what the relay holds goes on (an unfinished
    /// message as it came), then `done` runs.
    func endStreamOut(_ done: @escaping @Sendable () -> Void) {
        guard let (messages, rest) = outflow.relay?.splitter.finish() else { return done() }
        for message in messages { relayed(message) }
        if !rest.isEmpty { outflow.relay?.append(Data(rest), after: 0) }
        outflow.relay?.end(then: done)
        drainRelay()
    }

    /// Bytes ready for the app: paced by `throttle`, streamed to a caller that takes
    /// chunks, or kept for one that takes the body whole.
    func passOn(_ data: Data) {
        if let pacer = outflow.pacer {
            pacer.enqueue(data)
        } else if loading.receivesChunks {
            send(data)
        } else {
            hop.bytesReceived += data.count
            outflow.keptWhole.append(data)
        }
    }

    /// Runs the blocks on one whole message and queues what they made of it (``drainRelay()``
    /// passes it on).
    private func relayed(_ message: StreamMessage) {
        // The format and head only: a copy of the relay would copy the queue at the append.
        guard let format = outflow.relay?.splitter.format, let head = outflow.relay?.head,
              let outcome = hop.outcome
        else { return }
        let result = outcome.responsePlan.run(
            message: message, format: format, response: head, request: outcome.request, environment: pipeline.environment)
        activityEvents.log(result.trace.entries, hop: hop)
        noteSkips(in: result.trace)
        guard let bytes = result.bytes else { return }
        outflow.relay?.append(Data(bytes), after: result.delay)
    }

    /// Keeps why an action could not edit a message (not JSON, a regex over its budget) in
    /// the hop's trace, for the first few, so the `.finished` event says so.
    private func noteSkips(in trace: Trace) {
        guard let noted = outflow.relay?.notedEntries, noted < MessageRelay.notedLimit else { return }
        let skips = trace.entries.filter { entry in
            switch entry.event {
            case .skipped, .limitExceeded: true
            default: false
            }
        }.prefix(MessageRelay.notedLimit - noted)
        guard !skips.isEmpty else { return }
        var kept = hop.trace ?? Trace()
        for entry in skips { kept.append(entry) }
        hop.trace = kept
        machine.markLogged(kept.entries.count)
        outflow.relay?.notedEntries = noted + skips.count
    }

    /// Passes on what the relay has ready (the messages one network read completed, none
    /// held back, in one piece, as a plain session gives a read: a fast stream costs the app
    /// one delivery a read, not one a message), starts the wait a delayed message asks for,
    /// and runs what waits for the end once everything went on.
    private func drainRelay() {
        // Taken out while it changes: a copy left in `outflow` would copy the queue.
        guard var relay = outflow.relay else { return }
        outflow.relay = nil
        let step = relay.take()
        outflow.relay = relay
        if let (seconds, wait) = step.wait {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                context.async { [self] in
                    guard !machine.isStopped, outflow.relay?.resume(after: wait) == true else { return }
                    drainRelay()
                }
            }
        }
        if !step.ready.isEmpty { passOn(step.ready) }
        step.drained?()
    }

    /// A whole body (for a caller that takes it in one piece) with the blocks run on each
    /// of its messages, and how long the delays hold it back; nil when no block runs on it
    /// (no such blocks, or not a stream).
    func relayWhole(_ response: HTTPResponse) -> (body: [UInt8], delay: Double)? {
        guard let outcome = hop.outcome, outcome.responsePlan.hasMessageBlocks else { return nil }
        let (body, delay, logs) = pipeline.rewritingMessages(of: response, for: outcome)
        activityEvents.log(logs, hop: hop)
        return (body, delay)
    }
}
