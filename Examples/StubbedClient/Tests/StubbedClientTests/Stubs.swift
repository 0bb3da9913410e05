import RewriteKit
import RewriteTesting

/// The stub API every test starts from: `Examples/StubbedClient/Stubs/api.rules`, found
/// from the package root where `swift test` runs (no bundle resources, no `#filePath`).
enum Stubs {
    static let path = "Examples/StubbedClient/Stubs/api.rules"

    /// A session of its own for one test: its own rewriter in its own configuration, so
    /// tests running in parallel never see each other's rules or activity.
    static func session() throws -> RewriteTestSession {
        try RewriteTestSession(contentsOf: TestRuleFile.url(path))
    }

    /// The stub API with `overrides` composed in front of it, for one test.
    static func session(overriding overrides: String) throws -> RewriteTestSession {
        let overrides = try RuleSet(rules: overrides, name: "<overrides>")
        return try RewriteTestSession(ruleSets: [overrides, TestRuleFile.ruleSet(path)])
    }
}
