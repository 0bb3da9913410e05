import Foundation

/// One message of a recorded WebSocket conversation: which way it went, when, and its payload.
/// A capture keeps these for each socket the rewriter carried; a recording replays the server's
/// messages with their timing (`respond 101 { socket { … } }`), and HAR files carry them as
/// Chrome's `_webSocketMessages`.
public struct RecordedSocketMessage: Sendable, Hashable {
    /// Which way a message went.
    public enum Direction: String, Sendable, Hashable {
        /// From the app to the server (HAR `send`).
        case sent
        /// From the server to the app (HAR `receive`).
        case received
    }

    /// Which way it went.
    public var direction: Direction
    /// Seconds after the handshake request started.
    public var time: TimeInterval
    /// Whether it was a binary message (else text, its payload UTF-8).
    public var isBinary: Bool
    /// The payload.
    public var bytes: [UInt8]

    /// Creates a message.
    public init(direction: Direction, time: TimeInterval, isBinary: Bool, bytes: [UInt8]) {
        self.direction = direction
        self.time = time
        self.isBinary = isBinary
        self.bytes = bytes
    }
}
