/// RFC 9110's grammar for the parts of an HTTP message a rule or a recording writes: tokens
/// (methods, header names) and field values. One definition for the compiler, the runtime,
/// recordings, the CLI and the test server.
package enum HTTPSyntax {
    /// Whether a byte is a `tchar`: a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Whether a scalar is a `tchar`.
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isTokenByte(UInt8(scalar.value))
    }

    /// Whether the text is an HTTP token: at least one `tchar`, nothing else. (Not generic:
    /// other modules call it, the test server for every request line and header, and a
    /// generic function is not specialized across modules.)
    package static func isToken(_ text: String) -> Bool {
        isToken(text[...])
    }

    /// Whether the text is an HTTP token.
    package static func isToken(_ text: Substring) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isTokenByte(first) else { return false }
        while let byte = bytes.next() {
            guard isTokenByte(byte) else { return false }
        }
        return true
    }

    /// Whether the text can be a header value: no control character but horizontal tab
    /// (no CR, LF, NUL, VT, ESC, BEL, DEL…).
    package static func isFieldValue(_ text: some StringProtocol) -> Bool {
        !text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
}
