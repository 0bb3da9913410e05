/// `stream …` inside `respond { }`, prepared: a fixture file read once at load (with its
/// recorded gaps), or messages written in the rule, rendered per request.
struct CompiledStream: Sendable {
    /// One `message [event "NAME"] [id "ID"] VALUE`.
    struct Message: Sendable {
        /// The event name, for server-sent events.
        let event: CompiledValue?
        /// The event id, for server-sent events.
        let id: CompiledValue?
        /// The message's text: a string (rendered per request) or a JSON literal's text.
        let value: CompiledValue
    }

    /// Where the messages come from.
    enum Messages: Sendable {
        /// A fixture's messages, as bytes, with the gaps it recorded.
        case fixed([StreamFixture.Message])
        /// Messages written in the rule, written out in `format` per request.
        case written([Message])
    }

    /// How messages are written and read; nil for a file of another type (one message).
    let format: StreamFormat?
    /// The messages.
    let messages: Messages
    /// `every`: seconds between messages (overrides recorded gaps).
    let every: Double?
    /// `chunk`: the size of the pieces sent, in bytes.
    let chunk: Int?
    /// `then fail`: the error the stream ends with.
    let failure: RequestError?
    /// The `Content-Type` the stub gets when its `respond` sets none (from the file's name).
    let impliedContentType: String?

    /// Whether a written message renders `${json.PATH}` (which reads the request body).
    var readsJSONBody: Bool {
        guard case .written(let messages) = messages else { return false }
        return messages.contains { message in
            message.value.readsJSONBody || (message.event?.readsJSONBody ?? false) || (message.id?.readsJSONBody ?? false)
        }
    }
}
