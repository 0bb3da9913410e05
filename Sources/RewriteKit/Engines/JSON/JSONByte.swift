/// Byte constants and word-at-a-time helpers shared by the JSON scanners.
///
/// The helpers look at eight bytes at once (SWAR) so that runs of plain ASCII
/// inside strings are skipped without a per-byte branch.
enum JSONByte {
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether `byte` is JSON insignificant whitespace (space, tab, LF, CR).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == newline || byte == carriageReturn || byte == tab
    }

    /// Whether `byte` is an ASCII decimal digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// Loads eight bytes starting at `pointer` as a little-endian word, so that
    /// the byte at the lowest address is the least significant byte.
    @inline(__always)
    static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// A mask whose lowest set bit lies in the first byte of `word` equal to `byte`
    /// (zero when there is none). Higher bits may be false positives.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highBits
    }

    /// A mask whose lowest set bit marks the first byte of `word` that ends a run of
    /// plain string content: a quote, a backslash, a control character or a non-ASCII byte.
    @inline(__always)
    static func stringSpecials(_ word: UInt64) -> UInt64 {
        // XOR with 0x02 turns a quote (0x22) into 0x20 and keeps a control character below
        // 0x20, and nothing else lands below 0x21: one subtraction finds both.
        let flipped = word ^ (ones &* 0x02)
        let quoteOrControl = (flipped &- ones &* 0x21) & ~flipped
        return (quoteOrControl | matches(word, backslash) | word) & highBits
    }

    /// A mask whose lowest set bit marks the first quote or backslash in `word`.
    @inline(__always)
    static func quotesOrBackslashes(_ word: UInt64) -> UInt64 {
        matches(word, quote) | matches(word, backslash)
    }

    /// The end of the UTF-8 sequence of two to four bytes that starts at `start` (RFC 3629,
    /// Unicode table 3-7), or -1 when it is not a valid one; for the validator and the scanner.
    static func utf8SequenceEnd(_ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch base[start] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return -1
        }
        guard start &+ length <= end, base[start &+ 1] >= low, base[start &+ 1] <= high else { return -1 }
        for index in (start &+ 2)..<(start &+ length) where base[index] & 0xC0 != 0x80 { return -1 }
        return start &+ length
    }

    /// The offset of the first byte at or after `start` (and before `end`) that ends a
    /// run of plain string content, or the offset of the last unscanned word (fewer than
    /// eight bytes from `end`); the caller checks the remaining bytes one at a time.
    @inline(__always)
    static func skipPlainString(_ base: UnsafePointer<UInt8>, _ end: Int, from start: Int) -> Int {
        skipWords(base, end, from: start, stringSpecials)
    }

    /// The offset of the first quote or backslash at or after `start`, found eight bytes
    /// at a time; as ``skipPlainString(_:_:from:)``, the last few bytes are the caller's.
    @inline(__always)
    static func skipToQuoteOrBackslash(_ base: UnsafePointer<UInt8>, _ end: Int, from start: Int) -> Int {
        skipWords(base, end, from: start, quotesOrBackslashes)
    }

    @inline(__always)
    private static func skipWords(
        _ base: UnsafePointer<UInt8>, _ end: Int, from start: Int, _ stops: (UInt64) -> UInt64
    ) -> Int {
        var i = start
        while i &+ 8 <= end {
            let mask = stops(word(at: base + i))
            if mask != 0 { return i &+ (mask.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        return i
    }

    /// How `byte` is shown in messages: `'x'` for printable ASCII, otherwise a name or hex code.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case space: return "space"
        case newline: return "newline"
        case carriageReturn: return "carriage return"
        case tab: return "tab"
        default: return "byte 0x" + hex(byte)
        }
    }

    /// Two upper-case hex digits for `byte`.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
