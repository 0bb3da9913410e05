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
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether two texts are equal ignoring ASCII case.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
        }
    }
}
