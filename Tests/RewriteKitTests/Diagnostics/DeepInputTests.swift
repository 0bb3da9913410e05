import Foundation
import Testing

@testable import RewriteKit

/// No recursion on depth the input controls: chains of `and`/`or` are lists, so a rule
/// of 100,000 tests loads — on a thread with an app's 512 KB stack — and runs.
@Suite("Deep and wide input")
struct DeepInputTests {
    static func chain(_ op: String, count: Int) -> String {
        let tests = (0..<count).map { "path == \"/p\($0)\"" }.joined(separator: " \(op) ")
        return "rule \"long\" {\n    when \(tests)\n    request { set-header \"X-Long\" \"1\" }\n}\n"
    }

    /// Runs `body` on a thread with a 512 KB stack and awaits it, without holding a thread of
    /// the cooperative pool meanwhile (a test that blocks one for seconds starves the
    /// others' tasks on a two-core machine).
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    @Test(arguments: ["or", "and"])
    func hundredThousandTermChainLoadsOnASmallStack(_ op: String) async throws {
        let text = Self.chain(op, count: 100_000)
        let applied = await Self.onSmallStack { () -> [String]? in
            guard let ruleSet = try? RuleSet(rules: text) else { return nil }
            let pipeline = Pipeline(ruleSets: [ruleSet], environment: .fixed(now: 0))
            guard let request = HTTPRequest(method: "GET", url: "https://h/p99999") else { return nil }
            return pipeline.processRequest(request).appliedRules.map(\.name)
        }
        // `or`: the last test holds; `and`: every test must hold, and they cannot all.
        #expect(applied == (op == "or" ? ["long"] : []))
    }

    @Test func millionCharacterLine() async throws {
        let text = "rule \"x\" { when path == \"/" + String(repeating: "a", count: 1_000_000) + "\" }\n"
        let ruleSet = await Self.onSmallStack { try? RuleSet(rules: text) }
        #expect(ruleSet?.ruleCount == 1)
        let broken = "rule \"x\" { when path == \"/" + String(repeating: "a", count: 1_000_000) + "\n"
        let diagnostics = Compiler.compile(SourceFile(name: "long.rules", text: broken)).diagnostics
        #expect(diagnostics.first?.message == "unterminated string literal")
    }
}
