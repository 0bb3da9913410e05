import Testing

@testable import RewriteKit

/// URL parsing on hostile text: the structure comes from the delimiters alone.
@Suite("RequestURL")
struct RequestURLTests {
    @Test("a combining mark after a delimiter does not hide it", arguments: [
        ("https://a.test/\u{64E}x?q=1", "a.test", "/%D9%8Ex", "q=1"),
        ("https://a.test/p?\u{301}k=v&\u{301}j=w", "a.test", "/p", "\u{301}k=v&\u{301}j=w"),
        ("https://u\u{301}@a.test:8080/p", "a.test", "/p", nil),
        ("https://a.test#\u{301}/not-a-path", "a.test", "", nil),
    ] as [(String, String, String, String?)])
    func combiningMarks(text: String, host: String, path: String, query: String?) throws {
        let url = try #require(RequestURL(string: text))
        #expect(url.host == host)
        #expect(url.path == path)
        #expect(url.query == query)
    }

    @Test("query pairs split at every & and the first =, among scalars")
    func queryPairs() throws {
        var url = try #require(RequestURL(string: "https://a.test/?a=1&\u{301}b=2=3&c"))
        #expect(url.queryItems.map(\.name) == ["a", "\u{301}b", "c"])
        #expect(url.queryItems.map(\.value) == ["1", "2=3", ""])
        url.setQueryValue("x", for: "\u{301}b")
        #expect(url.query == "a=1&%CC%81b=x&c")
        url.removeQueryValue(for: "a")
        #expect(url.queryItems.map(\.name) == ["\u{301}b", "c"])
    }
}
