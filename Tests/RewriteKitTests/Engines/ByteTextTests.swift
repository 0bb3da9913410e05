import Testing

@testable import RewriteKit

/// Text compared as bytes, against the same question asked of the UTF-8 arrays.
@Suite("Byte text")
struct ByteTextTests {
    /// Small (inline) and large (heap) strings, ASCII and not, empty, and the canonically
    /// equivalent pair that Swift's `==` calls equal.
    static let texts = [
        "", "a", "/header", "/headers", "/head", "der", "/café", "/cafe\u{301}", "é", "e\u{301}",
        String(repeating: "x", count: 40), String(repeating: "x", count: 39) + "y", "x" + String(repeating: "é", count: 20),
        String(repeating: "é", count: 20),
    ]

    @Test func equalityPrefixAndSuffixAreBytewise() {
        for text in Self.texts {
            for other in Self.texts {
                let (bytes, otherBytes) = (Array(text.utf8), Array(other.utf8))
                #expect(ByteText.equal(text, other) == (bytes == otherBytes), "\(text) == \(other)")
                #expect(ByteText.hasPrefix(text, other) == bytes.starts(with: otherBytes), "\(text) starts with \(other)")
                #expect(
                    ByteText.hasSuffix(text, other) == bytes.reversed().starts(with: otherBytes.reversed()),
                    "\(text) ends with \(other)")
            }
        }
    }

    /// Swift's `==` says these are equal; a URL's bytes say they are not.
    @Test func canonicalEquivalenceIsNotEquality() {
        #expect("/café" == "/cafe\u{301}")
        #expect(!ByteText.equal("/café", "/cafe\u{301}"))
        #expect(!ByteText.hasSuffix("/café", "e\u{301}"))
        #expect(!ByteText.hasPrefix("é/x", "e\u{301}"))
    }

    /// A substring's text (a slice of a larger string) compares by its own bytes.
    @Test func slicesCompareByTheirOwnBytes() {
        let whole = "prefix/header/suffix"
        let middle = String(whole.dropFirst(6).dropLast(7))
        #expect(ByteText.equal(middle, "/header"))
        #expect(ByteText.hasPrefix(middle, "/head"))
        #expect(ByteText.hasSuffix(middle, "der"))
        #expect(!ByteText.hasSuffix(middle, "suffix"))
    }
}
