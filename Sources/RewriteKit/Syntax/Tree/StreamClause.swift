/// `stream …` inside `respond { }`: a made-up streaming body, sent message by message.
///
/// `stream file "PATH" [every D] [chunk S] [then fail E]` sends a fixture file's messages;
/// `stream [every D] [chunk S] { message … } [then fail E]` sends messages written inline.
struct StreamClause: Sendable, Hashable {
    /// Where the messages come from.
    enum Source: Sendable, Hashable {
        /// `file "PATH"`: a fixture, relative to the rule file's folder.
        case file(path: String, pathRange: SourceRange)
        /// `{ message … }`: messages written in the rule.
        case messages([Message])
    }

    /// One `message [event "NAME"] [id "ID"] VALUE` line.
    struct Message: Sendable, Hashable {
        /// The event name (server-sent events only).
        let event: Value?
        /// The event id (server-sent events only).
        let id: Value?
        /// The message: a string or a JSON literal.
        let value: Value
        /// The whole line.
        let range: SourceRange
    }

    /// The messages.
    let source: Source
    /// `every D`: the gap between two messages, if given.
    let every: DurationValue?
    /// `chunk S`: the size of the pieces the bytes are sent in, if given.
    let chunk: SizeValue?
    /// `then fail E`: the error the stream ends with, if any.
    let failure: FailError?
    /// From `stream` to the end of the clause.
    let range: SourceRange
}
