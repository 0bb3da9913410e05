import RewriteTestSupport
import Testing

@testable import RewriteKit

/// The index only narrows: for generated rules and requests, every rule whose compiled
/// condition holds on a request is among the index's candidates for it. Seeded, so a
/// failure names a reproducible case; hosts and paths include upper case, non-ASCII,
/// IDNA and percent-encoded spellings of the same names.
@Suite("Rule index, differential")
struct RuleIndexDifferentialTests {
    static let hostSpellings = [
        "a.com", "A.COM", "b.a.com", "x.org", "bücher.example", "BÜCHER.example", "xn--bcher-kva.example",
        "x.bücher.example", "y.X.BÜCHER.example", "b%C3%BCcher.example", "münchen.de", "com", "ex.ample.com",
    ]
    static let pathSpellings = ["/", "/v1", "/v1/a", "/V1/a", "/café", "/caf%C3%A9/x", "/a b", "/images/x.png", ""]
    static let methods = ["GET", "get", "POST", "Put", "HEAD"]
    static let queryValues = ["1", "2", "a b", "é"]
    static let querySpellings = ["", "?q=1", "?q=1&q=2", "?q=%31", "?a=1&q=2", "?q", "?q=a+b", "?q=a%20b&q=1", "?Q=1", "?q=%C3%A9"]

    /// One generated test in the rule language, indexable or not.
    static func test(_ random: inout SeededGenerator) -> String {
        let host = hostSpellings.randomElement(using: &random) ?? "a.com"
        let path = pathSpellings.randomElement(using: &random) ?? "/"
        let method = methods.randomElement(using: &random) ?? "GET"
        let label = host.split(separator: ".").dropFirst().joined(separator: ".")
        let choices = [
            "host == \"\(host)\"",
            "host in [\"\(host)\", \"\(hostSpellings.randomElement(using: &random) ?? "x.org")\"]",
            "host ~ \"*.\(label.isEmpty ? host : label)\"",
            "host ~ \"\(host)\"",
            "host ends-with \".\(label.isEmpty ? host : label)\"",
            "path == \"\(path)\"",
            "path starts-with \"\(path)\"",
            "path ~ \"\(path)*\"",
            "path ~ \"/v1/*\"",
            "path ~ \"\(path)\"",
            "query \"q\" == \"\(queryValues.randomElement(using: &random) ?? "1")\"",
            "method == \(method)",
            "method in [\(method), HEAD]",
            "url contains \"a\"",
            "not host == \"\(host)\"",
            "host == \"\(host)\" or path == \"\(path)\"",
        ]
        return choices.randomElement(using: &random) ?? "path == \"/\""
    }

    /// Host, path and method spellings a request may carry (as Foundation or a raw string gives them).
    static func request(_ random: inout SeededGenerator) -> HTTPRequest? {
        let host = (hostSpellings + ["Q.A.com", "deep.x.BÜCHER.example"]).randomElement(using: &random) ?? "a.com"
        let path = pathSpellings.randomElement(using: &random) ?? "/"
        let method = methods.randomElement(using: &random) ?? "GET"
        let query = path.isEmpty ? "" : querySpellings.randomElement(using: &random) ?? ""
        return HTTPRequest(method: method, url: "https://\(host)\(path)\(query)")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func candidatesIncludeEveryRuleWhoseConditionHolds(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var text = ""
        for number in 0..<200 {
            let tests = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.test(&random) }
            text += "rule \"\(number)\" {\n" + tests.map { "    when \($0)\n" }.joined() + "}\n"
        }
        let compilation = Compiler.compile(SourceFile(name: "generated.rules", text: text))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.prefix(3))")
        let rules = compilation.rules
        let index = RuleIndex(rules: rules)
        let pipeline = Pipeline(rules: rules, environment: .fixed(now: 0))
        var checked = 0
        for _ in 0..<300 {
            guard let request = Self.request(&random) else { continue }
            let candidates = Set(index.candidates(for: request).map(Int.init))
            var evaluator = ConditionEvaluator(request: request, response: nil, body: nil, environment: .fixed(now: 0))
            var holding: [String] = []
            for (position, rule) in rules.enumerated() {
                var captures = [String](repeating: "", count: rule.captureCount)
                guard rule.condition.map({ evaluator.holds($0, captures: &captures) }) ?? true else { continue }
                checked += 1
                holding.append(rule.reference.name)
                #expect(
                    candidates.contains(position),
                    "seed \(seed): rule \(position) holds for \(request.method) \(request.url) but the index skipped it")
            }
            // No rule stops, so the pipeline applies exactly the rules that hold, in file order.
            #expect(pipeline.processRequest(request).appliedRules.map(\.name) == holding, "seed \(seed): \(request.url)")
        }
        #expect(checked > 100, "too few rules held to mean anything")
    }

    /// The two cases, by direct evaluation and through the pipeline.
    @Test func nonASCIIHostsMatchWhateverTheirSpelling() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "wildcard" { when host ~ "*.bücher.example" }
            rule "exact" { when host == "BÜCHER.example" }
            """)
        for (url, expected) in [
            ("https://x.BÜCHER.example/", ["wildcard"]),
            ("https://x.xn--bcher-kva.example/", ["wildcard"]),
            ("https://BÜCHER.example/", ["exact"]),
            ("https://bücher.example/", ["exact"]),
            ("https://b%C3%BCcher.example/", ["exact"]),
            ("https://xn--bcher-kva.example/", ["exact"]),
        ] {
            let request = try PipelineFixture.request("GET", url)
            #expect(PipelineFixture.applied(pipeline, request) == expected, "\(url)")
            #expect(pipeline.mightApply(to: request) == !expected.isEmpty, "\(url)")
        }
    }

    /// Paths compare as the bytes a URL carries; `==` is not Unicode canonical equivalence.
    @Test func pathsCompareAsEncodedBytes() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "café" { when path == "/café" }
            """)
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "https://h/caf%C3%A9")) == ["café"])
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "https://h/café")) == ["café"])
        // `e` + U+0301 is canonically equivalent to `é` but is other bytes.
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "https://h/cafe%CC%81")) == [])
    }
}
