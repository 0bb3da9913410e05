import Testing

@testable import RewriteKit

/// The index files rules by host (with the path it pins), whole path, host suffix, path
/// segment and method, and a lookup returns exactly the lists that can apply, in file order.
struct RuleIndexTests {
    static func keys(_ text: String) throws -> [RuleIndex.Key] {
        let compilation = Compiler.compile(SourceFile(name: "k.rules", text: text))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        return compilation.rules.map { RuleIndex.Key.key(for: $0.condition) }
    }

    @Test func keysPreferExactHostsWithTheirPathThenWholePathsThenSuffixesThenSegmentsThenMethods() throws {
        let keys = try Self.keys("""
            rule "1" { when method == GET and host == "API.Example.com" }
            rule "2" { when host in ["a.com", "B.com"] }
            rule "3" { when path ~ "/images/*" and host ~ "*.CDN.com" }
            rule "4" { when method in [GET, head] and path == "/post" }
            rule "5" { when path starts-with "/v1/x" }
            rule "6" { when method == post }
            rule "7" { when host == "a.com" or host == "b.com" }
            rule "8" { when host ~ "api.*.com" }
            rule "9" { when path ~ "/ima*" }
            rule "10" { when host ~ "exact.com" }
            rule "11" { when method == GET and host == "api.test" and path ~ "/users/*" and path == "/users/7" }
            rule "12" { when host in ["a.com", "b.com"] and path starts-with "/v2/items" }
            rule "13" { when path ~ "/exact" and host ~ "*.cdn.com" }
            rule "14" { when path == "/" }
            """)
        #expect(keys == [
            .hosts(["api.example.com"], path: nil), .hosts(["a.com", "b.com"], path: nil), .hostSuffix("cdn.com"),
            .path(.whole("/post")), .path(.firstSegment("v1")), .methods(["POST"]), .any, .any, .any,
            .hosts(["exact.com"], path: nil), .hosts(["api.test"], path: .whole("/users/7")),
            .hosts(["a.com", "b.com"], path: .firstSegment("v2")), .path(.whole("/exact")), .path(.whole("/")),
        ])
    }

    @Test func aHostGlobOfOneStarThenFixedTextIsKeyedByItsSuffixHoweverItIsSpelt() throws {
        // The suffix key comes from the compiled glob, not from its spelling: an escaped dot,
        // a doubled star and an escaped star are fixed text after one star; a `?` or a
        // second star inside is not, and such a rule goes on the "any" list.
        let keys = try Self.keys(#"""
            rule "1" { when host ~ "*.w1.com" }
            rule "2" { when host ~ "*\\.w2.com" }
            rule "3" { when host ~ "**.w3.com" }
            rule "4" { when host ~ "*.a\\*b.com" }
            rule "5" { when host ~ "*.w?.com" }
            rule "6" { when host ~ "*.w*.com" }
            rule "7" { when host ~ "*w7.com" }
            rule "8" { when host ~ "*." }
            """#)
        #expect(keys == [.hostSuffix("w1.com"), .hostSuffix("w2.com"), .hostSuffix("w3.com"), .hostSuffix("a*b.com"), .any, .any, .any, .hostSuffix("")])
        let index = RuleIndex(keys: keys)
        let matching: [(String, [Int32])] = [
            ("https://x.w1.com/", [0, 4, 5, 6]), ("https://x.w2.com/", [1, 4, 5, 6]), ("https://a.b.w3.com/", [2, 4, 5, 6]),
            ("https://w1.com/", [4, 5, 6]),
        ]
        for (url, expected) in matching {
            #expect(Array(index.candidates(for: try PipelineFixture.request("GET", url))) == expected, "\(url)")
        }
    }

    @Test func aLongRuleListIsKeyedOnAllProcessorsWithTheSameKeys() throws {
        // More rules than one thread keys, with every kind of key and rules of one host and
        // one path segment far apart: the keys, and the lists built from them, are the ones
        // one thread gives.
        let count = RuleIndex.rulesPerKeyingThread * 2 + 1_001
        let conditions = [
            { (n: Int) in "host == \"h\(n % 977).example.com\"" }, { n in "host ~ \"*.w\(n % 13).com\"" },
            { n in "host == \"h\(n % 7).example.com\" and path == \"/p\(n % 11)/x\"" }, { n in "path == \"/p\(n % 5)/x\"" },
            { n in "host == \"h\(n % 3).example.com\" and path starts-with \"/p\(n % 9)/\"" },
            { n in "path ~ \"/p\(n % 101)/*\"" }, { n in "method in [GET, \(n % 2 == 0 ? "POST" : "GET")]" },
            { n in "host in [\"a\(n).com\", \"A\(n).COM\"]" }, { n in "query \"q\" == \"\(n)\"" },
        ]
        let text = (0..<count).map { "rule \"\($0)\" { when \(conditions[$0 % conditions.count]($0)) }\n" }.joined()
        let rules = Compiler.compile(SourceFile(name: "long.rules", text: text)).rules
        #expect(rules.count == count)
        let keys = RuleIndex.keys(of: rules)
        #expect(keys == rules.map { RuleIndex.Key.key(for: $0.condition) })
        let index = RuleIndex(keys: keys)
        for (method, url) in [
            ("GET", "https://h5.example.com/p7/x"), ("POST", "https://x.w3.com/"), ("PUT", "https://a977.com/"),
            ("GET", "https://h2.example.com/p4/x"), ("GET", "https://h1.example.com/p1/x"),
        ] {
            let request = try PipelineFixture.request(method, url)
            let expected = (0..<count).filter { position in
                switch keys[position] {
                case .any: true
                case .hosts(let hosts, let path): hosts.contains(request.url.normalizedHost) && Self.fits(path, request)
                case .hostSuffix(let suffix): request.url.normalizedHost.hasSuffix("." + suffix)
                case .path(let path): Self.fits(path, request)
                case .methods(let names): names.contains(request.method)
                }
            }.map { Int32($0) }
            #expect(Array(index.candidates(for: request)) == expected, "\(method) \(url)")
            #expect(!expected.isEmpty)
        }
    }

    /// Whether `request`'s path is what `path` pins (any path when nil).
    static func fits(_ path: RuleIndex.PathKey?, _ request: HTTPRequest) -> Bool {
        switch path {
        case nil: true
        case .whole(let whole)?: request.url.path == whole
        case .wholeWithQuery(let whole, let name, let value)?:
            request.url.path == whole && request.url.queryItems.contains { $0.name == name && $0.value == value }
        case .firstSegment(let segment)?: request.url.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().first.map(String.init) == segment
        }
    }

    @Test func lookupFindsExactlyTheFittingListsInFileOrder() throws {
        let index = RuleIndex(keys: [
            .hosts(["api.example.com"], path: nil), .hostSuffix("example.com"), .any, .path(.firstSegment("v1")), .methods(["POST"]),
            .hostSuffix("com"), .hosts(["other.com"], path: nil), .hosts(["api.example.com", "x.org"], path: nil),
            .hosts(["api.example.com"], path: .whole("/v1/a")), .path(.whole("/v1/a")), .hosts(["x.org"], path: .firstSegment("v2")),
        ])
        func candidates(_ method: String, _ url: String) throws -> [Int32] {
            Array(index.candidates(for: try PipelineFixture.request(method, url)))
        }
        #expect(try candidates("GET", "https://API.example.com/v1/a") == [0, 1, 2, 3, 5, 7, 8, 9])
        #expect(try candidates("GET", "https://API.example.com/v1/b") == [0, 1, 2, 3, 5, 7])
        #expect(try candidates("POST", "https://example.com/") == [2, 4, 5])
        #expect(try candidates("GET", "https://x.org/v2") == [2, 7, 10])
        #expect(try candidates("GET", "https://x.org/v2/a") == [2, 7, 10])
        #expect(try candidates("GET", "https://other.com/v1/a") == [2, 3, 5, 6, 9])
        #expect(try candidates("GET", "https://deep.sub.example.com/v1") == [1, 2, 3, 5])
    }

    @Test func oneTextUnderThreeKindsOfKeyIsThreeLists() throws {
        // The same text as an exact host, a host suffix and a path segment (whose hashes may
        // be equal): three lists, each found only by its own kind of look-up.
        let index = RuleIndex(keys: [
            .hosts(["v1"], path: nil), .path(.firstSegment("v1")), .hostSuffix("v1"), .hosts(["v1", "V1"], path: nil), .path(.firstSegment("v1")),
        ])
        func candidates(_ url: String) throws -> [Int32] {
            Array(index.candidates(for: try PipelineFixture.request("GET", url)))
        }
        #expect(try candidates("https://v1/") == [0, 3])
        #expect(try candidates("https://x.v1/v1/a") == [1, 2, 4])
        #expect(try candidates("https://v1/v1") == [0, 1, 3, 4])
    }

    @Test func aQueryAWholePathRuleTestsNarrowsItsListToThatParameter() throws {
        // A recording's entries of one endpoint differ by their query: each is its own list,
        // found through the request's decoded parameters, a parameter given twice once.
        let keys = try Self.keys("""
            rule "0" { when host == "api.test" and path == "/search" and query "q" == "a b" and query "page" == "2" }
            rule "1" { when host == "api.test" and path == "/search" and query "q" == "c" }
            rule "2" { when path == "/search" and query "q" == "a b" }
            rule "3" { when host == "api.test" and path == "/search" }
            rule "4" { when host == "api.test" and path starts-with "/search/" and query "q" == "c" }
            rule "5" { when query "q" == "c" }
            """)
        #expect(keys == [
            .hosts(["api.test"], path: .wholeWithQuery("/search", name: "q", value: "a b")),
            .hosts(["api.test"], path: .wholeWithQuery("/search", name: "q", value: "c")),
            .path(.wholeWithQuery("/search", name: "q", value: "a b")), .hosts(["api.test"], path: .whole("/search")),
            .hosts(["api.test"], path: .firstSegment("search")), .any,
        ])
        let index = RuleIndex(keys: keys)
        func candidates(_ url: String) throws -> [Int32] {
            Array(index.candidates(for: try PipelineFixture.request("GET", url)))
        }
        // Rule 4's first segment is the request's: a candidate, tested and not holding.
        #expect(try candidates("https://api.test/search?q=a+b&page=2") == [0, 2, 3, 4, 5])
        #expect(try candidates("https://api.test/search?q=a%20b&q=a%20b") == [0, 2, 3, 4, 5])
        #expect(try candidates("https://api.test/search?q=c") == [1, 3, 4, 5])
        #expect(try candidates("https://api.test/search?page=2") == [3, 4, 5])
        #expect(try candidates("https://other.test/search?q=a+b") == [2, 5])
    }
}
