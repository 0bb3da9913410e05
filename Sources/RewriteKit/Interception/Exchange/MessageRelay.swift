import Foundation

/// The messages of one streaming response on their way to the app, when an applied rule
/// has `response each message` blocks: the bytes are cut into whole messages as they
/// arrive, each goes through the blocks, and they go on in order; a delayed message holds
/// back those after it. Kept in the exchange's context.
struct MessageRelay {
    /// Cuts the arriving bytes into messages.
    var splitter: StreamMessageSplitter
    /// The response head the blocks' guards read.
    let head: HTTPResponse
    /// Messages waiting behind a delayed one: their bytes, and the delay still to wait.
    var queue: [(delay: Double, bytes: Data)] = []
    /// Whether a delayed message is being waited for.
    var isWaiting = false
    /// Counts the relay's timers, so one the exchange gave up on does nothing.
    var timerGeneration = 0
    /// How many messages' skipped actions the hop's trace holds (at most ``notedLimit``).
    var notedEntries = 0
    /// The most entries of skipped message actions kept in the hop's trace: an endless
    /// stream keeps no growing trace.
    static let notedLimit = 64
    /// What to do once the queue is empty, when the stream has ended.
    var whenDrained: (@Sendable () -> Void)?

    init(format: StreamFormat, head: HTTPResponse) {
        splitter = StreamMessageSplitter(format: format)
        self.head = head
    }
}
