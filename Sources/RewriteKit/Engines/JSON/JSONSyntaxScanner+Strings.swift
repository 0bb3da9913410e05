/// String scanning: plain ASCII runs are skipped eight bytes at a time; escapes,
/// control characters and UTF-8 sequences are checked byte by byte.
extension JSONSyntaxScanner {
    /// Scans a string starting at the opening quote at `index`, leaving `index` after the closing quote.
    mutating func scanString() throws(JSONSyntaxError) {
        let open = index
        index &+= 1
        while true {
            index = JSONByte.skipPlainString(base, end, from: index)
            guard index < end else { throw failure("unterminated string", at: open) }
            let byte = base[index]
            if byte == JSONByte.quote {
                index &+= 1
                return
            }
            if byte < 0x80 {
                if byte == JSONByte.backslash {
                    try scanEscape()
                } else if byte < 0x20 {
                    throw failure("control character U+00\(JSONByte.hex(byte)) must be escaped in a string")
                } else {
                    index &+= 1
                }
            } else {
                try scanMultibyte(lead: byte)
            }
        }
    }

    /// Scans one UTF-8 sequence of two to four bytes (RFC 3629, Unicode table 3-7).
    private mutating func scanMultibyte(lead: UInt8) throws(JSONSyntaxError) {
        guard (0xC2...0xF4).contains(lead) else { throw failure("invalid UTF-8 byte 0x\(JSONByte.hex(lead)) in string") }
        let next = JSONByte.utf8SequenceEnd(base, end, index)
        guard next >= 0 else { throw failure("invalid UTF-8 sequence in string", at: index) }
        index = next
    }

    /// Scans an escape sequence starting at the backslash at `index`.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        let start = index
        guard index &+ 1 < end else { throw failure("unterminated escape in string") }
        switch base[index &+ 1] {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash,
             0x62, 0x66, 0x6E, 0x72, 0x74:
            index &+= 2
        case 0x75:
            // An unpaired surrogate escape (`\ud800` alone) is grammatical JSON (RFC 8259
            // section 8.2): it is accepted and kept as written; decoding makes it U+FFFD.
            _ = try hexUnit(at: start)
            index &+= 6
        default:
            throw failure("invalid escape '\(text(start, 2))' in string", at: start)
        }
    }

    /// The UTF-16 unit spelled by the four hex digits after `\u` at `escape`.
    private func hexUnit(at escape: Int) throws(JSONSyntaxError) -> UInt16 {
        guard escape &+ 6 <= end else { throw failure("expected 4 hex digits after '\\u'", at: escape) }
        var unit: UInt16 = 0
        for offset in 2..<6 {
            guard let digit = ASCIIHex.value(base[escape &+ offset]) else {
                throw failure("expected 4 hex digits after '\\u'", at: escape)
            }
            unit = unit &<< 4 | UInt16(digit)
        }
        return unit
    }

    /// Up to `length` bytes from `start` as text for messages (ASCII only here).
    private func text(_ start: Int, _ length: Int) -> String {
        let stop = min(end, start &+ length)
        return String(decoding: UnsafeBufferPointer(start: base + start, count: stop &- start), as: UTF8.self)
    }
}
