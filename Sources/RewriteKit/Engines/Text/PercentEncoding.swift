/// Percent-encoding for URL components, without Foundation.
enum PercentEncoding {
    /// Decodes `%XX` escapes and `+` (as a space); malformed escapes stay as written.
    static func decodeQueryComponent<S: StringProtocol>(_ text: S) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                      let high = ASCIIHex.value(bytes[index + 1]), let low = ASCIIHex.value(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes everything but RFC 3986 unreserved characters.
    static func encodeQueryComponent(_ text: String) -> String {
        encode(text, keeping: isUnreserved)
    }

    /// Encodes every byte `keep` refuses as `%XX`, in upper-case hex; the text itself when
    /// it keeps them all.
    static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        guard !text.utf8.allSatisfy(keep) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keep(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(ASCIIHex.upperDigit(byte >> 4))
                output.append(ASCIIHex.upperDigit(byte & 0x0F))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// An RFC 3986 unreserved character: a letter, a digit, `-`, `.`, `_` or `~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
