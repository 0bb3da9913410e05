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

    /// The formats a stream file's name implies, with the `Content-Type` each stands for.
    static let fileNames: [(suffix: String, format: StreamFormat, contentType: String)] = [
        (".sse", .eventStream, "text/event-stream"),
        (".ndjson", .jsonLines, "application/x-ndjson"),
        (".jsonl", .jsonLines, "application/x-ndjson"),
        (".json-seq", .jsonSequence, "application/json-seq"),
    ]

    /// The format and `Content-Type` a stream file's name implies: `.sse` server-sent events,
    /// `.ndjson` and `.jsonl` JSON Lines, `.json-seq` JSON text sequences; nil for any other.
    static func implied(byFileName name: String) -> (format: StreamFormat, contentType: String)? {
        let lowered = ASCIICase.lowercased(name)
        return fileNames.first { lowered.hasSuffix($0.suffix) }.map { ($0.format, $0.contentType) }
    }

    /// The `Content-Type` a stream file's name implies, for `rewrite apply --response-stream`.
    package static func contentType(forFileName name: String) -> String? {
        implied(byFileName: name)?.contentType
    }

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
