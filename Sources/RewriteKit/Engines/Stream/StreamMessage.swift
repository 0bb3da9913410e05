/// One complete message of a stream: a server-sent event, or one JSON text of JSON Lines or
/// a JSON text sequence, with the exact bytes it came as.
struct StreamMessage: Sendable, Hashable {
    /// The bytes that made the message, as they arrived: for an event every line up to and
    /// including the blank line that ended it (comments and events that dispatched nothing
    /// before it included); for JSON Lines the line and its line end (blank lines before it
    /// included); for a sequence from its record separator to the last byte before the next.
    /// The `raw` of every message, then what is left at the end, is the stream byte for byte.
    var raw: [UInt8]
    /// An event's data (its `data` lines joined with line feeds), or the JSON text, as bytes.
    var dataBytes: [UInt8]
    /// An event's data, or the JSON text.
    var data: String { String(decoding: dataBytes, as: UTF8.self) }
    /// An event's type as sent (`event:`); nil when it sent none (`message`, for a browser).
    var event: String?
    /// An event's `id:` when it set one (the last one it sent).
    var id: String?
    /// An event's `retry:` in milliseconds, when it set a valid one.
    var retry: Int?
    /// The comment lines of an event (after the `:`, one leading space removed), such as a
    /// recording's `+120ms` timing.
    var comments: [String] = []
}
