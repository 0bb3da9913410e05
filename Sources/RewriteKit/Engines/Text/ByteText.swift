/// Text compared as the bytes it is made of: no Unicode canonical equivalence (Swift's
/// `==` on strings treats `é` and `e` + U+0301 as equal; a URL does not).
enum ByteText {
    /// Whether the two texts have the same UTF-8 bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let (lhs, rhs) = (lhs.utf8, rhs.utf8)
        return lhs.count == rhs.count && same(lhs, lhs.startIndex, rhs)
    }

    /// Whether `text` starts with the bytes of `prefix`.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        let (text, prefix) = (text.utf8, prefix.utf8)
        return prefix.count <= text.count && same(text, text.startIndex, prefix)
    }

    /// Whether `text` ends with the bytes of `suffix`.
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        let (text, suffix) = (text.utf8, suffix.utf8)
        guard suffix.count <= text.count else { return false }
        return same(text, text.index(text.endIndex, offsetBy: -suffix.count), suffix)
    }

    /// Whether `text` holds the bytes of `part` from `start` (which leaves room for them).
    /// Native strings are compared in place over their contiguous UTF-8; others (bridged
    /// ones on Apple platforms) through their UTF-8 views.
    private static func same(_ text: String.UTF8View, _ start: String.Index, _ part: String.UTF8View) -> Bool {
        let offset = text.distance(from: text.startIndex, to: start)
        let fast = text.withContiguousStorageIfAvailable { text in
            part.withContiguousStorageIfAvailable { part in
                guard let textBase = text.baseAddress, let partBase = part.baseAddress else { return part.isEmpty }
                return bytesEqual(textBase + offset, partBase, count: part.count)
            }
        }
        if let fast, let answer = fast { return answer }
        return text[start...].prefix(part.count).elementsEqual(part)
    }

    /// Whether `count` bytes at `lhs` and `rhs` are equal, compared eight at a time (the
    /// generic `elementsEqual` on buffers steps through an iterator one byte at a time).
    private static func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= count {
            let left = UnsafeRawPointer(lhs + offset).loadUnaligned(as: UInt64.self)
            let right = UnsafeRawPointer(rhs + offset).loadUnaligned(as: UInt64.self)
            if left != right { return false }
            offset &+= 8
        }
        while offset < count {
            if lhs[offset] != rhs[offset] { return false }
            offset &+= 1
        }
        return true
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
