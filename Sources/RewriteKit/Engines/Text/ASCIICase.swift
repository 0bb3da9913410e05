/// ASCII-only case mapping: what HTTP methods, schemes and header names need. Non-ASCII
/// bytes are left alone, so the result never depends on Unicode tables or locales.
package enum ASCIICase {
    /// The text with `a`–`z` mapped to `A`–`Z` (the same string when there is nothing to map).
    static func uppercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return text }
        return String(decoding: text.utf8.map(upper), as: UTF8.self)
    }

    /// The text with `A`–`Z` mapped to `a`–`z` (the same string when there is nothing to map).
    package static func lowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map(lower), as: UTF8.self)
    }

    /// Whether two texts are equal ignoring ASCII case (header names, schemes, methods),
    /// compared byte by byte without allocating: lengths first, then the bytes in place
    /// when both are contiguous (native strings), else through iterators.
    package static func equal(_ lhs: some StringProtocol, _ rhs: some StringProtocol) -> Bool {
        let (left, right) = (lhs.utf8, rhs.utf8)
        guard left.count == right.count else { return false }
        let contiguous = left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in
                for index in 0..<l.count where l[index] != r[index] && lower(l[index]) != lower(r[index]) { return false }
                return true
            }
        }
        if let answer = contiguous ?? nil { return answer }
        var leftBytes = left.makeIterator()
        var rightBytes = right.makeIterator()
        while let l = leftBytes.next(), let r = rightBytes.next() {
            if l != r && lower(l) != lower(r) { return false }
        }
        return true
    }

    /// ``equal(_:_:)`` for two strings: the form other modules call (the test server, for
    /// every header), compiled for `String` here rather than generic at their call.
    /// Lengths are compared first (a native string knows its UTF-8 count); most names
    /// differ there. Then the bytes: a native string's in place, others through iterators.
    package static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.utf8, rhs.utf8)
        guard left.count == right.count else { return false }
        let contiguous = left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in equalBytes(l, r) }
        }
        if let answer = contiguous ?? nil { return answer }
        return zip(left, right).allSatisfy { $0 == $1 || lower($0) == lower($1) }
    }

    /// Whether two byte buffers of one length are equal ignoring ASCII case.
    private static func equalBytes(_ l: UnsafeBufferPointer<UInt8>, _ r: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<l.count where l[index] != r[index] && lower(l[index]) != lower(r[index]) { return false }
        return true
    }

    /// Whether `text` starts with `prefix`, ignoring ASCII case.
    package static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = bytes.next(), lower(byte) == lower(expected) else { return false }
        }
        return true
    }

    /// A byte with `A`–`Z` mapped to `a`–`z`.
    package static func lower(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// A byte with `a`–`z` mapped to `A`–`Z`.
    package static func upper(_ byte: UInt8) -> UInt8 {
        (byte >= 0x61 && byte <= 0x7A) ? byte & ~0x20 : byte
    }

    /// Whether a byte is an ASCII letter, `A`–`Z` or `a`–`z`.
    static func isLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(lower(byte))
    }
}
