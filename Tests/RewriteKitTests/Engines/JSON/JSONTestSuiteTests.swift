import Foundation
import RewriteKit
import Testing

/// nst/JSONTestSuite's parsing files (`../shared/conformance-data/JSONTestSuite`) driven
/// through rule text, as an app's traffic would meet them: every `y_` body is accepted and
/// wrapped byte-exactly, every `n_` body passes through untouched, and every `i_` body
/// (either answer allowed) is either wrapped or untouched, never mangled or a crash.
@Suite("JSONTestSuite through wrap-json")
struct JSONTestSuiteTests {
    static let folder = SharedData.url("conformance-data/JSONTestSuite/test_parsing")

    static let pipeline: Pipeline? = try? Pipeline(ruleSet: RuleSet(rules: """
        rule "wrap" {
            when path == "/wrap"
            request { wrap-json "data" }
        }
        """, name: "json-test-suite.rules"))

    /// The body after the rules.
    static func wrapped(_ body: [UInt8]) throws -> [UInt8]? {
        let request = try #require(HTTPRequest(method: "POST", url: "https://json.test/wrap", body: body))
        return try #require(pipeline).processRequest(request).request.body
    }

    /// `{"data":` + the body without the JSON whitespace around it + `}`.
    static func expectedWrap(of body: [UInt8]) -> [UInt8] {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let start = body.firstIndex { !whitespace.contains($0) } ?? body.endIndex
        let end = (body.lastIndex { !whitespace.contains($0) }).map { $0 + 1 } ?? start
        return Array(#"{"data":"#.utf8) + body[start..<end] + Array("}".utf8)
    }

    @Test(
        "y_ bodies are wrapped byte-exactly, n_ bodies pass through untouched, i_ bodies one or the other",
        .enabled(if: folder != nil, "../shared/conformance-data is absent here; CI has it"))
    func parsingFiles() throws {
        let folder = try #require(Self.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var counts = (accepted: 0, refused: 0, implementationDefined: 0)
        for name in names {
            let body = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let after = try Self.wrapped(body)
            let wrapped = Self.expectedWrap(of: body)
            switch name.prefix(2) {
            case "y_":
                #expect(after == wrapped, "\(name): a valid JSON text must be wrapped")
                counts.accepted += 1
            case "n_":
                #expect(after == body, "\(name): an invalid text must pass through byte-identical")
                counts.refused += 1
            default:
                #expect(after == body || after == wrapped, "\(name): neither untouched nor wrapped")
                counts.implementationDefined += 1
            }
        }
        // The suite as copied: 95 valid, 188 invalid, 35 implementation-defined texts.
        #expect(counts.accepted == 95 && counts.refused == 188 && counts.implementationDefined == 35, "\(counts)")
    }
}
