/// The block of `response each message [when …] { … }`: what is done to each message of a
/// streaming response as it arrives.
struct MessageBlock: Sendable, Hashable {
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
    /// From `{` to `}`.
    let range: SourceRange
}
