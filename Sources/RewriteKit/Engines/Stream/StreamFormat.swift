/// How a streaming response's body is read as messages, by its `Content-Type`
/// (the rule language's v3 streams): server-sent events, JSON Lines, or JSON text sequences.
package enum StreamFormat: String, Sendable, Hashable {
    /// `text/event-stream`: one message per event, parsed as the HTML standard says.
    case eventStream
    /// `application/x-ndjson`, `application/jsonl`, `application/x-jsonlines`,
    /// `application/json-lines`: one message per line that holds a JSON text.
    case jsonLines
    /// `application/json-seq` (RFC 7464): one message per record-separated JSON text.
    case jsonSequence

    /// The format a `Content-Type` names (its media type, compared case-insensitively), or nil
    /// for any other: such a body is bytes, not messages.
    init?(contentType: String?) {
        guard let contentType else { return nil }
        let media = ASCIICase.lowercased(String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingWhitespace())
        switch media {
        case "text/event-stream": self = .eventStream
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines", "application/json-lines":
            self = .jsonLines
        case "application/json-seq": self = .jsonSequence
        default: return nil
        }
    }
}
