/// `socket { … }` inside `respond 101 { }`: a made-up WebSocket conversation.
///
/// The steps run in order when the app's socket opens (`message`, `wait`, then possibly
/// `close` or `fail`); `every D message …` sends a message every D for as long as the
/// conversation lasts; `on message [when CONDITION] { steps }` answers each message the
/// app sends that the condition holds for.
struct SocketClause: Sendable, Hashable {
    /// One message the conversation sends.
    struct Message: Sendable, Hashable {
        /// Text or binary.
        enum Kind: Sendable, Hashable {
            /// `message "TEXT"` or `message json {...}`: a text message.
            case text(Value)
            /// `message binary "BASE64"`: a binary message, its bytes in base64.
            case binary(String, range: SourceRange)
        }

        let kind: Kind
        /// The whole `message …`.
        let range: SourceRange
    }

    /// One step of a script.
    enum Step: Sendable, Hashable {
        /// `message …`: send a message.
        case message(Message)
        /// `wait D`: pause before the next step.
        case wait(DurationValue)
        /// `close CODE ["REASON"]`: close the conversation with a close frame.
        case close(code: Int, codeRange: SourceRange, reason: String?, reasonRange: SourceRange?)
        /// `fail ERROR`: end the conversation with a network error.
        case fail(FailError)
    }

    /// `every D message …`.
    struct Periodic: Sendable, Hashable {
        let every: DurationValue
        let message: Message
        let range: SourceRange
    }

    /// `on message [when CONDITION] [times N] { steps }`.
    struct Reply: Sendable, Hashable {
        static func == (lhs: Reply, rhs: Reply) -> Bool {
            lhs.guardCondition == rhs.guardCondition && lhs.times?.count == rhs.times?.count && lhs.steps == rhs.steps && lhs.range == rhs.range
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(steps)
            hasher.combine(range)
        }

        /// The condition on the app's message (`json`, `body`) and the handshake; nil: every message.
        let guardCondition: Condition?
        /// `times N`: it answers at most N messages of one connection.
        let times: (count: Int, range: SourceRange)?
        let steps: [Step]
        /// From `on` to `}`.
        let range: SourceRange
    }

    /// What happens when the socket opens, in order.
    let steps: [Step]
    /// Messages sent periodically.
    let periodic: [Periodic]
    /// Answers to the app's messages, tried in order (the first whose condition holds answers).
    let replies: [Reply]
    /// From `socket` to `}`.
    let range: SourceRange
}
