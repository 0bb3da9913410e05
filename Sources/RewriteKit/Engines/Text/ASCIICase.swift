/// ASCII-only case mapping: what HTTP methods, schemes and header names need. Non-ASCII
/// bytes are left alone, so the result never depends on Unicode tables or locales.
enum ASCIICase {
    /// The text with `a`–`z` mapped to `A`–`Z` (the same string when there is nothing to map).
    static func uppercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// The text with `A`–`Z` mapped to `a`–`z` (the same string when there is nothing to map).
    static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map(lower), as: UTF8.self)
    }

    /// Whether two texts are equal ignoring ASCII case (header names, schemes, methods),
    /// compared byte by byte without allocating.
    static func equal(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (l?, r?): if l != r && lower(l) != lower(r) { return false }
            default: return false
            }
        }
    }

    /// A byte with `A`–`Z` mapped to `a`–`z`.
    static func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// Whether a byte is an ASCII letter, `A`–`Z` or `a`–`z`.
    static func isLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(lower(byte))
    }
}
