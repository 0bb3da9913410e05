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
        #expect(GlobPattern(pattern).matches(text) == expected)
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
        let glob = GlobPattern(pattern)
        #expect(glob.literalPrefix == prefix)
        #expect(glob.literalSuffix == suffix)
        #expect(glob.isLiteral == isLiteral)
        #expect(glob.pattern == pattern)
    }

    /// The byte-comparison shapes agree with the general matcher.
    @Test(arguments: ["/v1/*", "*.example.com", "*mid*", "exact", "*", "**", "a*b", "*a*b*"])
    func shapesAgreeWithTheGeneralMatcher(_ pattern: String) {
        let glob = GlobPattern(pattern)
        let general = GlobPattern(pattern + "[?]").matches  // a set forces the general form; "?" never in the texts
        for text in ["/v1/x", "/v1/", "/v2/x", "a.example.com", ".example.com", "example.com", "xmidx", "mid", "exact", "", "ab", "axxb", "xaxbx"] {
            #expect(glob.matches(text) == general(text + "?"), "\(pattern) on \(text)")
        }
    }

    @Test func manyStarsOnLongTextStayFast() {
        let glob = GlobPattern("*a*a*a*a*a*a*b")
        let text = String(repeating: "a", count: 20_000)
        #expect(!glob.matches(text))
        #expect(glob.matches(text + "b"))
    }
}
