import Foundation

/// When one message of a streamed response arrived (the rule language's v3 streams): where
/// it starts in the body and how long after the response's head. A capture keeps these for
/// a server-sent event or JSON Lines response; a recording writes them as the stream's
/// timing, and a HAR export as `response.content._rewrite.messages`.
public struct RecordedMessage: Sendable, Hashable, Codable {
    /// The offset of the message's first byte in the response body.
    public var offset: Int
    /// Seconds after the response's head arrived (as every duration in RewriteKit), to a
    /// tenth of a millisecond.
    public var time: TimeInterval

    /// Creates a message mark.
    public init(offset: Int, time: TimeInterval) {
        self.offset = offset
        self.time = time
    }

    /// A time in milliseconds, as HAR and stream fixtures write it, rounded to a tenth.
    static func milliseconds(_ seconds: TimeInterval) -> Double {
        (seconds * 10_000).rounded() / 10
    }

    /// A time read in milliseconds, as seconds to a tenth of a millisecond: the double
    /// nearest the decimal (0.1508, not 150.8 / 1000), so a time survives the round trip.
    static func seconds(milliseconds: Double) -> TimeInterval {
        (milliseconds * 10).rounded() / 10_000
    }
}
