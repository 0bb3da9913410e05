import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A body on its way to the app piece by piece, in the exchange's context: a network
/// body a streaming delegate reads as it arrives, or a streamed stub played by its plan.
///
/// Each piece goes through the `response each message` blocks when they run (a
/// ``MessageRelay``: whole messages, in order, a delayed one holding back those after it),
/// is paced by `throttle` (a ``BodyPacer``), and reaches the client as it goes, or is kept
/// for a caller that takes the body whole (a completion handler, `async`) until the end.
/// It knows nothing of rules: the exchange hands it the blocks as a function.
final class Outflow: @unchecked Sendable {  // confined to the exchange's context
    /// What the blocks made of one message: its bytes (nil: dropped) and its delay.
    typealias Blocks = (StreamMessage, _ format: StreamFormat, _ head: HTTPResponse) -> (bytes: [UInt8]?, delay: Double)

    private let channel: ClientChannel
    private let context: ExchangeContext
    /// Whether the app's caller takes the body chunk by chunk (a data delegate).
    private let receivesChunks: Bool
    /// The delegate of one call, which hears each piece of a streamed stub.
    private let perCall: PerCallDelegate?
    private var relay: MessageRelay?
    private var blocks: Blocks?
    private var pacer: BodyPacer?
    /// The pieces kept for a caller that takes the body whole.
    private var keptWhole = Data()
    /// Body bytes given to the app (or kept for it) so far.
    private(set) var bytesDelivered = 0

    init(channel: ClientChannel, context: ExchangeContext, receivesChunks: Bool, perCall: PerCallDelegate?) {
        self.channel = channel
        self.context = context
        self.receivesChunks = receivesChunks
        self.perCall = perCall
    }

    /// Runs `blocks` on each whole message of the body from now on.
    func relayMessages(format: StreamFormat, head: HTTPResponse, through blocks: @escaping Blocks) {
        relay = MessageRelay(format: format, head: head)
        self.blocks = blocks
    }

    /// Releases the body at `rate` bytes a second from `queue`; `onBacklog` hears when the
    /// backlog crosses the pacer's memory limit (see ``BodyPacer``).
    func pace(at rate: Int, budget: LinkBudget? = nil, on queue: DispatchQueue, onBacklog: (@Sendable (Bool) -> Void)?) {
        pacer = BodyPacer(bytesPerSecond: rate, budget: budget, queue: queue, onBacklog: onBacklog) { [weak self, context] chunk in
            context.async { [weak self] in self?.load(chunk) }
        }
    }

    /// A piece of the body: through the relay when one runs, else on as it is.
    func write(_ data: Data) {
        // In place: a copy of the relay would copy its buffers with every piece.
        guard let messages = relay?.splitter.feed(data) else { return passOn(data) }
        for message in messages { relayed(message) }
        drainRelay()
    }

    /// The body ended: what the relay holds goes on (an unfinished message as it came),
    /// then a kept body, then what the pacer holds; then `done` runs, in the context.
    func end(then done: @escaping @Sendable () -> Void) {
        let flush: @Sendable () -> Void = { [self] in
            if !keptWhole.isEmpty {
                let whole = keptWhole
                keptWhole = Data()
                channel.load(whole)
            }
            guard let pacer else { return done() }
            pacer.finish { [context] in context.async(done) }
        }
        guard let (messages, rest) = relay?.splitter.finish() else { return flush() }
        for message in messages { relayed(message) }
        if !rest.isEmpty { relay?.append(Data(rest), after: 0) }
        relay?.end(then: flush)
        drainRelay()
    }

    /// Stops the pacer; what it holds is dropped.
    func cancel() {
        pacer?.cancel()
        pacer = nil
    }

    /// Plays a streamed stub's body by its plan: each piece when it is due (`wait` runs a
    /// block after a delay, unless the load ends first), then `done` with the plan's
    /// failure, if any, once everything went on.
    func play(
        _ plan: StreamPlan, of body: [UInt8], wait: @escaping (Double, @escaping @Sendable () -> Void) -> Void,
        done: @escaping @Sendable (StreamPlan.Failure?) -> Void
    ) {
        let schedule = UncheckedBox(wait)
        @Sendable func play(from start: Int) {
            var index = start
            while index < plan.pieces.count {
                let piece = plan.pieces[index]
                if piece.delay > 0 {
                    let due = index
                    return schedule.value(piece.delay) { [self] in
                        send(plan.pieces[due], of: body)
                        play(from: due + 1)
                    }
                }
                send(piece, of: body)
                index += 1
            }
            end { done(plan.failure) }
        }
        play(from: 0)
    }

    private func send(_ piece: StreamPlan.Piece, of body: [UInt8]) {
        guard channel.isOpen, !piece.range.isEmpty else { return }
        let data = Data(body[piece.range])
        perCall?.didReceive(data)
        write(data)
    }

    /// Bytes ready for the app: paced, streamed to a caller that takes chunks, or kept for
    /// one that takes the body whole.
    private func passOn(_ data: Data) {
        if let pacer {
            pacer.enqueue(data)
        } else if receivesChunks {
            load(data)
        } else {
            bytesDelivered += data.count
            keptWhole.append(data)
        }
    }

    private func load(_ chunk: Data) {
        guard channel.isOpen else { return }
        bytesDelivered += chunk.count
        channel.load(chunk)
    }

    /// Runs the blocks on one whole message and queues what they made of it.
    private func relayed(_ message: StreamMessage) {
        // The format and head only: a copy of the relay would copy the queue at the append.
        guard let blocks, let format = relay?.splitter.format, let head = relay?.head else { return }
        let result = blocks(message, format, head)
        guard let bytes = result.bytes else { return }
        relay?.append(Data(bytes), after: result.delay)
    }

    /// Passes on what the relay has ready (the messages one read completed, none held back,
    /// in one piece, as a plain session gives a read: a fast stream costs the app one
    /// delivery a read, not one a message), starts the wait a delayed message asks for,
    /// and runs what waits for the end once everything went on.
    private func drainRelay() {
        // Taken out while it changes: a copy left in place would copy the queue.
        guard var taken = relay else { return }
        relay = nil
        let step = taken.take()
        relay = taken
        if let (seconds, wait) = step.wait {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self, context] in
                context.async { [weak self] in
                    guard let self, self.channel.isOpen, self.relay?.resume(after: wait) == true else { return }
                    self.drainRelay()
                }
            }
        }
        if !step.ready.isEmpty { passOn(step.ready) }
        step.drained?()
    }
}
