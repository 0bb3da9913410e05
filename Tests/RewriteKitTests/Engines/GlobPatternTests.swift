@testable import RewriteKit
import Testing

@Suite("GlobPattern")
struct GlobPatternTests {
    static let table: [(pattern: String, text: String, matches: Bool)] = [
        ("*.ads.example.com", "x.ads.example.com", true),
        ("*.ads.example.com", "a.b.ads.example.com", true),
        ("*.ads.example.com", "ads.example.com", false),
        ("*.ads.example.com", "x.ads.example.com.evil", false),
        ("api.*.com", "api.eu.west.com", true),
        ("/v1/*", "/v1/", true),
        ("/v1/*", "/v1/users/42/photos", true),
        ("/v1/*", "/v2/users", false),
        ("/v1/?", "/v1/a", true),
        ("/v1/?", "/v1/ab", false),
        ("/v1/?", "/v1/", false),
        ("[abc]x", "bx", true),
        ("[abc]x", "dx", false),
        ("[a-c]*", "cz", true),
        ("[!a]x", "ax", false),
        ("[!a]x", "bx", true),
        ("[^a]x", "bx", true),
        ("[]a]", "]", true),
        (#"[\]]"#, "]", true),
        (#"\*lit"#, "*lit", true),
        (#"\*lit"#, "xlit", false),
        (#"a\?"#, "a?", true),
        (#"a\?"#, "ab", false),
        ("[", "[", true),
        ("a[b", "a[b", true),
        ("*", "", true),
        ("*", "any/thing.at?all", true),
        ("**", "x", true),
        ("", "", true),
        ("", "a", false),
        ("a*b*c", "aXbYc", true),
        ("a*b*c", "abc", true),
        ("a*b*c", "aXbY", false),
        ("*a", "baa", true),
        ("?", "👍", true),
        ("??", "👍🏽", true),
        ("caf?", "café", true),
        ("exact", "exact", true),
        ("exact", "Exact", false),
    ]

    @Test("whole-string match", arguments: table)
    func matches(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(GlobPattern(pattern, caseInsensitive: false).matches(text) == expected)
    }

    static let caseInsensitiveTable: [(pattern: String, text: String, matches: Bool)] = [
        ("*.JPG", "photo.jpg", true),
        ("Exact", "eXACT", true),
        ("[a-c]x", "BX", true),
        ("[!a]x", "AX", false),
        ("é*", "Éclair", true),
        ("*.jpg", "photo.png", false),
    ]

    @Test("case-insensitive match", arguments: caseInsensitiveTable)
    func matchesIgnoringCase(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(GlobPattern(pattern, caseInsensitive: true).matches(text) == expected)
    }

    static let literalParts: [(pattern: String, prefix: String, suffix: String, isLiteral: Bool)] = [
        ("*.ads.example.com", "", ".ads.example.com", false),
        ("api.*.com/v?/x", "api.", "/x", false),
        ("/v1/users/*", "/v1/users/", "", false),
        ("[ab]cd", "", "cd", false),
        (#"exact\*name"#, "exact*name", "exact*name", true),
        ("", "", "", true),
    ]

    @Test("literal prefix and suffix", arguments: literalParts)
    func exposesLiteralParts(_ pattern: String, _ prefix: String, _ suffix: String, _ isLiteral: Bool) {
        let glob = GlobPattern(pattern, caseInsensitive: false)
        #expect(glob.literalPrefix == prefix)
        #expect(glob.literalSuffix == suffix)
        #expect(glob.isLiteral == isLiteral)
        #expect(glob.pattern == pattern)
    }

    @Test func manyStarsOnLongTextStayFast() {
        let glob = GlobPattern("*a*a*a*a*a*a*b", caseInsensitive: false)
        let text = String(repeating: "a", count: 20_000)
        #expect(!glob.matches(text))
        #expect(glob.matches(text + "b"))
    }
}
