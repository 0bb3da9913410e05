/// One WebSocket message as the rules see it: text (its UTF-8 bytes) or binary.
struct SocketMessage: Sendable, Hashable {
    /// Whether a message is text or binary (RFC 6455 opcodes 1 and 2).
    enum Kind: String, Sendable, Hashable {
        case text, binary
    }

    var kind: Kind
    /// The payload: a text message's UTF-8, or a binary message's bytes.
    var bytes: [UInt8]

    /// The payload as text (a binary message's bytes decoded leniently, for traces).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A text message.
    static func text(_ text: String) -> SocketMessage { SocketMessage(kind: .text, bytes: Array(text.utf8)) }
}

/// One step of a stubbed conversation, rendered for this connection.
enum SocketStep: Sendable, Hashable {
    /// Send this message to the app.
    case send(SocketMessage)
    /// Pause, in seconds, before the next step.
    case wait(Double)
    /// Close with this code and reason (the app's receives then fail).
    case close(code: Int, reason: String)
    /// End the conversation with a network error.
    case fail(RequestError)
}

/// What the rules made of one WebSocket message: what goes on (nil: dropped), how long it is
/// held back, and what happened.
struct SocketMessageOutcome: Sendable {
    let message: SocketMessage?
    let delay: Double
    let trace: Trace
}
