import Testing

@testable import RewriteKit

/// URL parsing on hostile text: the structure comes from the delimiters alone.
@Suite("RequestURL")
struct RequestURLTests {
    @Test("a combining mark after a delimiter does not hide it", arguments: [
        ("https://a.test/\u{64E}x?q=1", "a.test", "/%D9%8Ex", "q=1"),
        ("https://a.test/p?\u{301}k=v&\u{301}j=w", "a.test", "/p", "%CC%81k=v&%CC%81j=w"),
        ("https://u\u{301}@a.test:8080/p", "a.test", "/p", nil),
        ("https://a.test#\u{301}/not-a-path", "a.test", "", nil),
    ] as [(String, String, String, String?)])
    func combiningMarks(text: String, host: String, path: String, query: String?) throws {
        let url = try #require(RequestURL(string: text))
        #expect(url.host == host)
        #expect(url.path == path)
        #expect(url.query == query)
        #expect(!url.description.unicodeScalars.contains { !$0.isASCII || $0.value <= 0x20 || $0.value == 0x7F })
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

    @Test("every part keeps the bytes a URL carries: space, controls and non-ASCII are escaped, % escapes kept")
    func encodedParts() throws {
        var url = try #require(RequestURL(string: "https://\u{E9} x@a.test/a b?q=\u{E9}\t%41#f r"))
        #expect(url.userInfo == "%C3%A9%20x")
        #expect(url.query == "q=%C3%A9%09%41")
        #expect(url.fragment == "f%20r")
        #expect(url.queryValue("q") == "\u{E9}\tA")
        url.query = "x y"
        url.fragment = "\n"
        #expect(url.description == "https://%C3%A9%20x@a.test/a%20b?x%20y#%0A")
    }

    @Test("the parts of URLs as written: schemes, user info, IPv6 literals, ports", arguments: [
        ("HTTP://Example.COM:8080/a?b#c", "http", nil, "Example.COM", 8080, "/a", "b", "c"),
        ("https://u:p@w@h.test/", "https", "u:p@w", "h.test", nil, "/", nil, nil),
        ("http://[::1]:9/x", "http", nil, "::1", 9, "/x", nil, nil),
        ("http://[fe80::1]/", "http", nil, "fe80::1", nil, "/", nil, nil),
        ("http://h.test?q=/a#f?", "http", nil, "h.test", nil, "", "q=/a", "f?"),
        ("svn+ssh://h.test", "svn+ssh", nil, "h.test", nil, "", nil, nil),
    ] as [(String, String, String?, String, Int?, String, String?, String?)])
    func parts(_ text: String, scheme: String, userInfo: String?, host: String, port: Int?, path: String, query: String?, fragment: String?) throws {
        let url = try #require(RequestURL(string: text))
        #expect(url.scheme == scheme)
        #expect(url.userInfo == userInfo)
        #expect(url.host == host)
        #expect(url.port == port)
        #expect(url.path == path)
        #expect(url.query == query)
        #expect(url.fragment == fragment)
    }

    @Test("a copy is a value: changing one part of it leaves the original alone, and equality and hashing see every part")
    func copiesAreValues() throws {
        let original = try #require(RequestURL(string: "https://u@API.Example.com:8443/a%20b?x=1#f"))
        let changes: [(String, (inout RequestURL) -> Void)] = [
            ("scheme", { $0.scheme = "http" }), ("userInfo", { $0.userInfo = "v" }), ("host", { $0.host = "other.example" }),
            ("port", { $0.port = 9 }), ("path", { $0.path = "/c d" }), ("query", { $0.query = nil }),
            ("fragment", { $0.fragment = "g" }),
        ]
        for (part, change) in changes {
            var copy = original
            change(&copy)
            #expect(original.description == "https://u@API.Example.com:8443/a%20b?x=1#f", "\(part)")
            #expect(copy != original, "\(part)")
            #expect(copy.description != original.description, "\(part)")
            #expect(Set([copy, original]).count == 2, "\(part)")
        }
        // The setters normalise as the initialiser does, and a URL built again from the same
        // text equals the original and hashes alike.
        var copy = original
        copy.host = "BÜCHER.example"
        copy.path = "/ä"
        #expect(copy.normalizedHost == "xn--bcher-kva.example")
        #expect(copy.path == "/%C3%A4")
        #expect(original.normalizedHost == "api.example.com")
        let again = try #require(RequestURL(string: original.description))
        #expect(again == original)
        #expect(again.hashValue == original.hashValue)
    }

    @Test("what is not an absolute URL with a host is refused", arguments: [
        "h.test/a", "://h.test", "1http://h.test", "ht tp://h.test", "http://", "http://:80/", "http://[::1/", "http://[::1]x/",
        "http://h.test:65536/", "http://h.test:123456/", "http://h.test:8a/", "é://h.test",
        // A host that would not read back from the URL's text (FuzzEngine found the first:
        // written out, `h]ttpd:` is bracketed, and `[h]ttpd:]` reads as the host `h`).
        "s://h]ttpd::///h/v2", "http://h:t:80/", "http://a[b/", "http://a]b/", "http://[a[b]/",
    ])
    func refused(_ text: String) {
        #expect(RequestURL(string: text) == nil)
    }
}
