/// Text compared as the bytes it is made of: no Unicode canonical equivalence (Swift's
/// `==` on strings treats `é` and `e` + U+0301 as equal; a URL does not).
enum ByteText {
    /// Whether the two texts have the same UTF-8 bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether `text` starts with the bytes of `prefix`.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        let text = text.utf8
        let prefix = prefix.utf8
        guard prefix.count <= text.count else { return false }
        return text.prefix(prefix.count).elementsEqual(prefix)
    }

    /// Whether `text` ends with the bytes of `suffix`.
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        let text = text.utf8
        let suffix = suffix.utf8
        guard suffix.count <= text.count else { return false }
        return text.suffix(suffix.count).elementsEqual(suffix)
    }

    /// Whether the bytes of `needle` occur in `text` (always, for an empty needle). Costs
    /// at most the text's length times the needle's, and the needle comes from the rules.
    static func contains(_ text: String, _ needle: String) -> Bool {
        let needle = needle.utf8
        guard let first = needle.first else { return true }
        let bytes = text.utf8
        guard needle.count <= bytes.count else { return false }
        // Reads both strings' UTF-8 in place, without copying either.
        let lastStart = bytes.index(bytes.endIndex, offsetBy: -needle.count)
        var start = bytes.startIndex
        while start <= lastStart {
            if bytes[start] == first, bytes[start...].starts(with: needle) { return true }
            bytes.formIndex(after: &start)
        }
        return false
    }
}
