import Foundation

/// The messages of one streaming response on their way to the app, when an applied rule
/// has `response each message` blocks: the bytes are cut into whole messages as they
/// arrive, each goes through the blocks, and they go on in order; a delayed message holds
/// back those after it. Kept in the exchange's context, which runs the timers it asks for.
struct MessageRelay {
    /// Cuts the arriving bytes into messages.
    var splitter: StreamMessageSplitter
    /// The response head the blocks' guards read.
    let head: HTTPResponse
    /// Messages waiting to go on: their bytes, and the delay still to wait before each.
    private var queue: [(delay: Double, bytes: Data)] = []
    /// Whether a delayed message is being waited for, and the number of that wait: a timer
    /// of an earlier wait does nothing.
    private var waiting: Int?
    private var waits = 0
    /// What to do once the queue is empty, when the stream has ended.
    private var whenDrained: (@Sendable () -> Void)?
    /// The most entries of skipped message actions kept in the hop's trace: an endless
    /// stream keeps no growing trace.
    static let notedLimit = 64

    init(format: StreamFormat, head: HTTPResponse) {
        splitter = StreamMessageSplitter(format: format)
        self.head = head
    }

    /// What the relay can do now.
    struct Step {
        /// The bytes of the messages ready together (none held back before them), in one piece.
        var ready = Data()
        /// A wait to start: after `seconds`, ``resume(after:)`` with `wait`, then take again.
        var wait: (seconds: Double, wait: Int)?
        /// The stream ended and everything went on: what waited for that.
        var drained: (@Sendable () -> Void)?
    }

    /// Queues one message's bytes, to go on after `delay` seconds (0: with those before it).
    mutating func append(_ bytes: Data, after delay: Double) {
        queue.append((delay, bytes))
    }

    /// Marks the stream's end: `done` runs once everything queued has gone on.
    mutating func end(then done: @escaping @Sendable () -> Void) {
        whenDrained = done
    }

    /// Takes the messages that can go on now: those up to the first that must wait, whose
    /// wait then starts. Nothing while a wait runs.
    mutating func take() -> Step {
        var step = Step()
        guard waiting == nil else { return step }
        var taken = 0
        while taken < queue.count {
            let next = queue[taken]
            if next.delay > 0 {
                queue[taken].delay = 0
                waits += 1
                waiting = waits
                step.wait = (next.delay, waits)
                break
            }
            if taken == 0 { step.ready = next.bytes } else { step.ready.append(next.bytes) }
            taken += 1
        }
        queue.removeFirst(taken)
        if waiting == nil, queue.isEmpty, let done = whenDrained {
            whenDrained = nil
            step.drained = done
        }
        return step
    }

    /// Ends the wait numbered `wait`; false for a wait that is not the current one.
    mutating func resume(after wait: Int) -> Bool {
        guard waiting == wait else { return false }
        waiting = nil
        return true
    }
}
