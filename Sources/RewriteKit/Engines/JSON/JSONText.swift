/// JSON string escaping: turning Swift strings into JSON string literals.
///
/// Escapes `"` and `\`, uses the short forms `\b \f \n \r \t`, writes other control
/// characters as `\u00XX` (lower-case hex), and leaves every other character,
/// including non-ASCII, as UTF-8.
enum JSONText {
    /// `s` as a JSON string literal, quotes included: `say "hi"` becomes `"say \"hi\""`.
    static func quoted(_ s: String) -> String {
        String(decoding: quotedBytes(s), as: UTF8.self)
    }

    /// The UTF-8 bytes of `s` as a JSON string literal, quotes included.
    static func quotedBytes(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count &+ 2)
        appendQuoted(s, to: &out)
        return out
    }

    /// `s` as the inside of a JSON string literal: what goes between the quotes.
    static func stringInterior(_ s: String) -> String {
        let quoted = quotedBytes(s)
        return String(decoding: quoted[1..<(quoted.count - 1)], as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal, quotes included, to `out`.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(JSONByte.quote)
        // Most strings (keys, names, words) need no escape: their bytes are checked in
        // place and copied at once, not appended one by one.
        let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == JSONByte.quote || byte == JSONByte.backslash { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            out.append(JSONByte.quote)
            return
        }
        for byte in s.utf8 {
            switch byte {
            case JSONByte.quote: out.append(JSONByte.backslash); out.append(JSONByte.quote)
            case JSONByte.backslash: out.append(JSONByte.backslash); out.append(JSONByte.backslash)
            case 0x08: out.append(JSONByte.backslash); out.append(0x62)
            case 0x0C: out.append(JSONByte.backslash); out.append(0x66)
            case JSONByte.newline: out.append(JSONByte.backslash); out.append(0x6E)
            case JSONByte.carriageReturn: out.append(JSONByte.backslash); out.append(0x72)
            case JSONByte.tab: out.append(JSONByte.backslash); out.append(0x74)
            case 0x00..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [JSONByte.backslash, 0x75, 0x30, 0x30])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(JSONByte.quote)
    }

    /// Decodes the content between the quotes of a validated JSON string literal
    /// (`start` is just after the opening quote, `stop` at the closing quote).
    static func decodeString(_ base: UnsafePointer<UInt8>, from start: Int, to stop: Int) -> String {
        let raw = UnsafeBufferPointer(start: base + start, count: stop &- start)
        guard raw.contains(JSONByte.backslash) else {
            return String(decoding: raw, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            guard byte == JSONByte.backslash, i &+ 1 < raw.count else {
                out.append(byte)
                i &+= 1
                continue
            }
            let kind = raw[i &+ 1]
            i &+= 2
            switch kind {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(JSONByte.newline)
            case 0x72: out.append(JSONByte.carriageReturn)
            case 0x74: out.append(JSONByte.tab)
            case 0x75:
                var scalar = UInt32(unit(raw, at: i))
                i &+= 4
                // A high surrogate pairs with a following low one; an unpaired surrogate
                // (grammatical JSON) decodes to U+FFFD.
                if scalar >= 0xD800 && scalar < 0xDC00 && i &+ 6 <= raw.count
                    && raw[i] == JSONByte.backslash && raw[i &+ 1] == 0x75
                {
                    let low = UInt32(unit(raw, at: i &+ 2))
                    if low >= 0xDC00 && low <= 0xDFFF {
                        scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                        i &+= 6
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: String(character).utf8)
            default: out.append(kind)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The UTF-16 unit spelled by four validated hex digits at `offset`.
    private static func unit(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt16 {
        var value: UInt16 = 0
        for k in offset..<min(offset &+ 4, raw.count) {
            value = value &<< 4 | UInt16(ASCIIHex.value(raw[k]) ?? 0)
        }
        return value
    }
}
