/// ASCII hexadecimal digits, the one reading of them for every layer: `\uXXXX` escapes in
/// rule strings and JSON, `%XX` in URLs.
enum ASCIIHex {
    /// The value of an ASCII hex digit (`0-9`, `a-f`, `A-F`), or `nil`.
    @inline(__always)
    static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x41...0x46: return byte &- 0x37
        case 0x61...0x66: return byte &- 0x57
        default: return nil
        }
    }

    /// Whether a byte is an ASCII hex digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    /// The upper-case digit of a value from 0 to 15.
    @inline(__always)
    static func upperDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x37 &+ value
    }
}
