/// The block of `response each message [when …] { … }`: what is done to each message of a
/// streaming response as it arrives.
struct MessageBlock: Sendable, Hashable {
    static func == (lhs: MessageBlock, rhs: MessageBlock) -> Bool {
        lhs.items == rhs.items && lhs.range == rhs.range && lhs.times?.count == rhs.times?.count && lhs.times?.range == rhs.times?.range
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(range)
        hasher.combine(times?.count)
    }

    /// One statement of the block.
    enum Item: Sendable, Hashable {
        /// An action on the message's text or JSON.
        case action(Action)
        /// `drop`: the message is not passed on.
        case drop(SourceRange)
        /// `delay DURATION`: the message (and those after it) is held back.
        case delay(DurationValue)
    }

    /// The statements, in order.
    let items: [Item]
    /// `times N` before the block: it runs on at most N messages of one stream or connection.
    var times: (count: Int, range: SourceRange)?
    /// From `{` to `}`.
    let range: SourceRange
}
