import Testing
import RewriteKit

/// Inputs the fuzz targets (Fuzz/) flagged, kept so the decision made about each stays made.
/// Each test names the target and the input; see Fuzz/run.sh to reproduce.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Runs `body` through one request action of a one-rule pipeline.
    func processed(_ action: String, _ body: String) throws -> String {
        let rules = "rule \"r\" {\n    request { \(action) }\n}\n"
        let pipeline = Pipeline(ruleSets: [try RuleSet(source: rules, name: "fuzz.rules")])
        let request = try #require(HTTPRequest(
            method: "POST", url: "https://fuzz.example/", headers: ["Content-Type": "application/json"],
            body: Array(body.utf8)))
        return String(decoding: pipeline.processRequest(request).request.body ?? [], as: UTF8.self)
    }

    /// FuzzJSON, input `  9e355 `: a number beyond Double's range is valid RFC 8259 JSON
    /// (JSONSerialization refuses it; RFC 8259 §6 lets parsers limit range). The body
    /// engine keeps number text as written, so wrapping keeps the digits, not `inf`.
    @Test("wrap-json keeps a number beyond Double's range as written")
    func wrapHugeNumber() throws {
        let output = try processed("wrap-json \"w\"", "  9e355 ")
        #expect(output.hasPrefix("{\"w\":"))
        #expect(output.contains("9e355"))
        #expect(output.hasSuffix("}"))
    }

    /// The same number inside an object survives an inject elsewhere byte for byte.
    @Test("inject-json leaves a huge number's text alone")
    func injectBesideHugeNumber() throws {
        let output = try processed("inject-json \"a.b\" 1", "{\"n\": -1E+400}")
        #expect(output.contains("-1E+400"))
        #expect(output.contains("\"b\""))
    }
}
