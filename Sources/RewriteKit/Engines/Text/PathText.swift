/// The normal form paths are compared in, and the form of every other free-text part of a
/// request URL (user info, query, fragment): the bytes a URL carries. Rule text and request
/// paths both go through it, so `path == "/café"` matches the `/caf%C3%A9` URLSession sends.
///
/// Non-ASCII bytes, control characters, space and DEL — what `URL` never leaves unencoded —
/// are percent-encoded in upper-case hex; every other byte, `%` escapes included, is kept
/// as it is. Glob characters are ASCII, so a glob pattern keeps its meaning in normal form.
enum PathText {
    /// The path in normal form (the same string, uncopied, when it already is).
    static func normalized(_ path: String) -> String {
        PercentEncoding.encode(path) { !needsEncoding($0) }
    }

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F
    }
}
