/// When one message of a streamed response arrived (the rule language's v3 streams): where
/// it starts in the body and how long after the response's head. A capture keeps these for
/// a server-sent event or JSON Lines response; a recording writes them as the stream's
/// timing, and a HAR export as `response.content._rewrite.messages`.
public struct RecordedMessage: Sendable, Hashable, Codable {
    /// The offset of the message's first byte in the response body.
    public var offset: Int
    /// Milliseconds after the response's head arrived.
    public var time: Double

    /// Creates a message mark.
    public init(offset: Int, time: Double) {
        self.offset = offset
        self.time = time
    }
}
