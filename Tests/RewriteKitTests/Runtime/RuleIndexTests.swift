import Testing

@testable import RewriteKit

/// The index files rules by host, host suffix, path segment and method, and a lookup
/// returns exactly the lists that can apply, in file order.
struct RuleIndexTests {
    static func keys(_ text: String) throws -> [RuleIndex.Key] {
        let compilation = Compiler.compile(SourceFile(name: "k.rules", text: text))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics)")
        return compilation.rules.map { RuleIndex.Key.key(for: $0.condition) }
    }

    @Test func keysPreferExactHostsThenSuffixesThenPathsThenMethods() throws {
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
            """)
        #expect(keys == [
            .hosts(["api.example.com"]), .hosts(["a.com", "b.com"]), .hostSuffix("cdn.com"), .pathSegment("post"),
            .pathSegment("v1"), .methods(["POST"]), .any, .any, .any, .hosts(["exact.com"]),
        ])
    }

    @Test func lookupFindsExactlyTheFittingListsInFileOrder() throws {
        let index = RuleIndex(keys: [
            .hosts(["api.example.com"]), .hostSuffix("example.com"), .any, .pathSegment("v1"), .methods(["POST"]),
            .hostSuffix("com"), .hosts(["other.com"]), .hosts(["api.example.com", "x.org"]),
        ])
        func candidates(_ method: String, _ url: String) throws -> [Int32] {
            Array(index.candidates(for: try PipelineFixture.request(method, url)))
        }
        #expect(try candidates("GET", "https://API.example.com/v1/a") == [0, 1, 2, 3, 5, 7])
        #expect(try candidates("POST", "https://example.com/") == [2, 4, 5])
        #expect(try candidates("GET", "https://x.org/v2") == [2, 7])
        #expect(try candidates("GET", "https://deep.sub.example.com/v1") == [1, 2, 3, 5])
    }
}
