@testable import RewriteKit
import Testing

/// The token grammar every header name and method is checked against, byte by byte
/// against RFC 9110's `tchar` list, and ASCII case matching of names.
@Suite("HTTP syntax")
struct HTTPSyntaxTests {
    /// RFC 9110, section 5.6.2: `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
    /// "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`.
    static let tchars = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))

    @Test("each of the 256 bytes is a tchar exactly when RFC 9110 lists it")
    func tokenBytes() {
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPSyntax.isTokenByte(byte) == Self.tchars.contains(byte), "byte \(byte)")
        }
    }

    @Test("a token is one or more tchars", arguments: [
        ("X-Request-ID", true), ("GET", true), ("!#$%&'*+-.^_`|~", true), ("", false), ("X Tag", false),
        ("X:Tag", false), ("Zoë", false), ("X-Tag\r\n", false), ("(comment)", false),
    ])
    func tokens(text: String, isToken: Bool) {
        #expect(HTTPSyntax.isToken(text) == isToken)
        #expect(HTTPSyntax.isToken(Substring(text)) == isToken)
    }

    @Test("names match in any ASCII case, and only in ASCII case")
    func asciiCase() {
        #expect(ASCIICase.equal("Content-Type", "content-TYPE"))
        #expect(!ASCIICase.equal("Content-Type", "Content-Typo"))
        #expect(!ASCIICase.equal("X-Tag", "X-Tag2"))
        // No Unicode folding: a Kelvin sign is not a "k", an "é" not an "É".
        #expect(!ASCIICase.equal("\u{212A}ey", "key"))
        #expect(!ASCIICase.equal("é", "É"))
        #expect(ASCIICase.hasPrefix("X-Unechoed-Marker", "x-unechoed-"))
        #expect(ASCIICase.hasPrefix("x-unechoed-", "X-UNECHOED-"))
        #expect(!ASCIICase.hasPrefix("X-Unechoed", "x-unechoed-"), "shorter than the prefix")
        #expect(!ASCIICase.hasPrefix("X-Echoed-Marker", "x-unechoed-"))
        #expect(ASCIICase.hasPrefix("anything", ""))
        for byte in UInt8.min...UInt8.max {
            let isUpper = (0x41...0x5A).contains(byte), isLower = (0x61...0x7A).contains(byte)
            #expect(ASCIICase.upper(byte) == (isLower ? byte - 0x20 : byte))
            #expect(ASCIICase.lower(byte) == (isUpper ? byte + 0x20 : byte))
        }
    }
}
