/// `socket { … }` inside `respond 101 { }`, prepared: a WebSocket conversation's script.
struct CompiledSocket: Sendable {
    /// One message the conversation sends.
    enum Message: Sendable {
        /// A text message: a string (rendered when sent) or a JSON literal's text.
        case text(CompiledValue)
        /// A binary message's bytes (decoded from base64 when the rules load).
        case binary([UInt8])
    }

    /// One step of a script.
    enum Step: Sendable {
        /// Send a message.
        case send(Message)
        /// Pause, in seconds.
        case wait(Double)
        /// Close with this code and reason.
        case close(code: Int, reason: String)
        /// End with a network error.
        case fail(RequestError)
    }

    /// A message sent every `seconds`.
    struct Periodic: Sendable {
        let seconds: Double
        let message: Message
    }

    /// An answer to the app's messages.
    struct Reply: Sendable {
        /// Tested on the app's message (`json`, `body`) and the handshake; nil: every message.
        let guardCondition: CompiledCondition?
        let steps: [Step]
        /// `times N`: the most messages of one connection it answers.
        let uses: Int?
        /// The 1-based line of `on`.
        let line: Int
    }

    /// What happens when the socket opens, in order.
    let steps: [Step]
    let periodic: [Periodic]
    /// Tried in order on each message the app sends; the first whose guard holds answers.
    let replies: [Reply]
    /// The 1-based line of `socket`.
    let line: Int

    /// The close codes a script may send: those `URLSessionWebSocketTask.CloseCode` names that
    /// an endpoint may put in a close frame (RFC 6455 §7.4.1; 1005, 1006 and 1015 never are).
    static let sendableCloseCodes: Set<Int> = [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011]
    /// The longest close reason, in bytes: a close frame's 125, less the code's 2.
    static let closeReasonLimit = 123
}

extension CompiledSocket {
    /// Whether a message sent on open or periodically renders `${json.PATH}`, which in those
    /// reads the handshake request's body (a reply's reads the app's message instead).
    var readsRequestJSONBody: Bool {
        let opening = steps.contains { if case .send(.text(let value)) = $0 { value.readsJSONBody } else { false } }
        return opening || periodic.contains { if case .text(let value) = $0.message { value.readsJSONBody } else { false } }
    }
}
