/// Finds the byte spans of values inside JSON text that has already passed
/// ``JSONSyntax/validate(_:)``. It never re-checks syntax and never builds values:
/// siblings are skipped by scanning (strings eight bytes at a time), so locating a
/// path costs one pass over the bytes before it, with no allocation.
///
/// Only valid while the buffer it was made from is alive.
struct JSONLocator {
    /// First byte of the text.
    let base: UnsafePointer<UInt8>
    /// Number of bytes in the text.
    let end: Int
    /// Known container ends by start offset (from validation), stepped over without a scan.
    let containerEnds: JSONContainerEnds

    /// Creates a locator over validated, non-empty JSON text.
    init(base: UnsafePointer<UInt8>, end: Int, containerEnds: JSONContainerEnds = .none) {
        self.base = base
        self.end = end
        self.containerEnds = containerEnds
    }

    /// The offset of the first non-whitespace byte at or after `offset`.
    @inline(__always)
    func skipWhitespace(_ offset: Int) -> Int {
        var i = offset
        while i < end && JSONByte.isWhitespace(base[i]) { i &+= 1 }
        return i
    }

    /// The offset just past the value that starts at `start`.
    func valueEnd(from start: Int) -> Int {
        switch base[start] {
        case JSONByte.quote:
            return stringEnd(from: start)
        case JSONByte.openBrace, JSONByte.openBracket:
            return containerEnd(from: start)
        default:
            var i = start &+ 1
            while i < end {
                let byte = base[i]
                if byte == JSONByte.comma || byte == JSONByte.closeBrace || byte == JSONByte.closeBracket
                    || JSONByte.isWhitespace(byte) { break }
                i &+= 1
            }
            return i
        }
    }

    /// The offset just past the closing quote of the string opened at `open`.
    func stringEnd(from open: Int) -> Int {
        var i = open &+ 1
        while true {
            i = JSONByte.skipToQuoteOrBackslash(base, end, from: i)
            guard i < end else { return end }
            let byte = base[i]
            if byte == JSONByte.quote { return i &+ 1 }
            i &+= byte == JSONByte.backslash ? 2 : 1
        }
    }

    /// The offset just past the bracket closing the container opened at `open`.
    func containerEnd(from open: Int) -> Int {
        if !containerEnds.isEmpty, let known = containerEnds.end(ofContainerAt: open) { return known }
        var depth = 0
        var i = open
        while i < end {
            switch base[i] {
            case JSONByte.quote:
                i = stringEnd(from: i)
                continue
            case JSONByte.openBrace, JSONByte.openBracket:
                depth &+= 1
            case JSONByte.closeBrace, JSONByte.closeBracket:
                depth &-= 1
                if depth == 0 { return i &+ 1 }
            default:
                break
            }
            i &+= 1
        }
        return end
    }

    /// The member after `offset` (just after `{`, or the end of the previous member's
    /// value), or `nil` when the next token is the object's closing `}`.
    func member(after offset: Int) -> JSONMemberSpan? {
        var i = skipWhitespace(offset)
        if i < end && base[i] == JSONByte.comma { i = skipWhitespace(i &+ 1) }
        guard i < end, base[i] == JSONByte.quote else { return nil }
        let keyEnd = stringEnd(from: i)
        let colon = skipWhitespace(keyEnd)
        let valueStart = skipWhitespace(colon &+ 1)
        return JSONMemberSpan(keyStart: i, keyEnd: keyEnd, valueStart: valueStart, valueEnd: valueEnd(from: valueStart))
    }

    /// The span of the element after `offset` (just after `[`, or the end of the
    /// previous element), or `nil` when the next token is the array's closing `]`.
    func element(after offset: Int) -> Range<Int>? {
        var i = skipWhitespace(offset)
        if i < end && base[i] == JSONByte.comma { i = skipWhitespace(i &+ 1) }
        guard i < end, base[i] != JSONByte.closeBracket else { return nil }
        return i..<valueEnd(from: i)
    }

    /// Whether the key of `member` decodes to exactly the UTF-8 bytes `key`.
    func keyMatches(_ member: JSONMemberSpan, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = member.keyStart &+ 1
        let stop = member.keyEnd &- 1
        let count = stop &- start
        // An escape decodes to fewer bytes than it is written with (`\n` to one, `\u00e9`
        // to two), never more: a key written shorter than `key` cannot match it. Most
        // siblings are told apart here, without a look at their bytes.
        guard count >= key.count else { return false }
        let raw = UnsafeBufferPointer(start: base + start, count: count)
        if !raw.contains(JSONByte.backslash) {
            return count == key.count && raw.elementsEqual(key)
        }
        let decoded = JSONText.decodeString(base, from: start, to: stop)
        return decoded.utf8.elementsEqual(key)
    }

    /// What kind of value starts at `start`, with its article, for messages.
    func kindName(at start: Int) -> String {
        switch base[start] {
        case JSONByte.openBrace: return "an object"
        case JSONByte.openBracket: return "an array"
        case JSONByte.quote: return "a string"
        case 0x74, 0x66: return "a boolean"
        case 0x6E: return "null"
        default: return "a number"
        }
    }
}
