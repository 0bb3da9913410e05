#if canImport(Testing) && compiler(>=6.1)  // TestScoping arrived in Swift 6.1
import Foundation
import RewriteKit
import RewriteTestSupport
import Testing

/// A Swift Testing trait that gives each test its own `RewriteTestSession` with the
/// trait's rules, readable as `RewriteTestSession/current` while the
/// test runs, and invalidates it when the test ends.
///
/// Each test — and each case of a parameterized test — gets a new session with its own
/// rewriter, so tests running in parallel never see each other's rules or counts. On a
/// suite, every test in it gets its own session.
///
/// ```swift
/// @Test(.rewrite("Tests/Stubs/api.rules"))
/// func listsUsers() async throws {
///     let stubs = try #require(RewriteTestSession.current)
///     let users = try await APIClient(session: stubs.session).users()
///     #expect(users.count == 3)
///     await expectRulesFired(stubs, ["list users"])
/// }
/// ```
public struct RewriteTrait: TestTrait, SuiteTrait, TestScoping {
    enum Rules: Sendable {
        case file(String)
        case text(String, name: String)
    }

    let rules: Rules

    /// Every test of a suite gets its own session.
    public var isRecursive: Bool { true }

    /// A session for each test case; none for a suite itself or a parameterized test as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> RewriteTrait? {
        testCase == nil ? nil : self
    }

    /// Runs the test with a new session as `RewriteTestSession/current`.
    ///
    /// - Throws: `TestRuleFileError` when the rule file is missing or
    ///   invalid (the test then fails before it runs), and whatever the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let session: RewriteTestSession
        switch rules {
        case .file(let path):
            session = try RewriteTestSession(ruleSets: [TestRuleFile.ruleSet(path)])
        case .text(let text, let name):
            session = try RewriteTestSession(rules: text, name: name)
        }
        defer { session.invalidate() }
        try await RewriteTestSession.$current.withValue(session) {
            try await function()
        }
    }
}

extension Trait where Self == RewriteTrait {
    /// Rules from a file, found as `TestRuleFile.url(_:searchingFrom:)`
    /// finds it: a path relative to the package root (or `REWRITE_RULES_ROOT`), or absolute.
    public static func rewrite(_ path: String) -> RewriteTrait {
        RewriteTrait(rules: .file(path))
    }

    /// Rules written in the test. `name` is the file name diagnostics and traces show.
    public static func rewrite(rules: String, name: String = "test.rules") -> RewriteTrait {
        RewriteTrait(rules: .text(rules, name: name))
    }
}
#endif
