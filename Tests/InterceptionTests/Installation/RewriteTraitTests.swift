#if compiler(>=6.1)  // the trait needs TestScoping (Swift 6.1)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTesting
import Testing

/// One loopback server for the trait tests; each test gets its own session from the trait.
private let traitServer = try? TestHTTPServer()

/// Two rule sets that answer the same URL differently.
private func marking(_ mark: String) -> String {
    """
    rule "mark \(mark)" {
        when host == "127.0.0.1" and path == "/anything/shared"
        response { set-header "X-Mark" "\(mark)" }
    }
    """
}

/// Fetches the shared URL `times` times through the current test session and returns the marks seen.
private func marksSeen(times: Int) async throws -> [String] {
    let stubs = try #require(RewriteTestSession.current)
    let server = try #require(traitServer)
    var marks: [String] = []
    for _ in 0..<times {
        let (_, response) = try await stubs.session.data(from: server.url("/anything/shared"))
        marks.append((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Mark") ?? "none")
    }
    return marks
}

/// `.rewrite(…)` gives every test, and every case of a parameterized test, a session of its own.
@Suite("The rewrite trait")
struct RewriteTraitTests {
    @Test("tests with conflicting rules for one URL, in parallel, each see only their own (A)",
          .rewrite(rules: marking("A")), arguments: 0..<25)
    func conflictingA(_ index: Int) async throws {
        #expect(try await marksSeen(times: 20) == Array(repeating: "A", count: 20))
        await expectRulesFired(try #require(RewriteTestSession.current), Array(repeating: "mark A", count: 20), requests: 20)
    }

    @Test("tests with conflicting rules for one URL, in parallel, each see only their own (B)",
          .rewrite(rules: marking("B")), arguments: 0..<25)
    func conflictingB(_ index: Int) async throws {
        #expect(try await marksSeen(times: 20) == Array(repeating: "B", count: 20))
        await expectRulesFired(try #require(RewriteTestSession.current), Array(repeating: "mark B", count: 20), requests: 20)
    }

    @Test("a rule file found from the package root", .rewrite("Rules/mock-api.rules"))
    func ruleFile() async throws {
        let stubs = try #require(RewriteTestSession.current)
        let (_, response) = try await stubs.session.data(from: try #require(URL(string: "https://api.myapp.com/v1/users")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        await expectRulesFired(stubs, ["list users"])
    }

    @Test("outside a trait there is no current session")
    func noTraitNoSession() {
        #expect(RewriteTestSession.current == nil)
    }
}

/// On a suite, each test still gets a new session: nothing another test did is in it.
@Suite("The rewrite trait on a suite", .rewrite(rules: marking("S")))
struct RewriteTraitSuiteTests {
    @Test("first test", arguments: 1...2)
    func first(_ requests: Int) async throws {
        #expect(try await marksSeen(times: requests) == Array(repeating: "S", count: requests))
        let stubs = try #require(RewriteTestSession.current)
        #expect(await stubs.finishedRequests(count: requests).count == requests)
    }

    @Test("second test")
    func second() async throws {
        #expect(try await marksSeen(times: 3) == ["S", "S", "S"])
        let stubs = try #require(RewriteTestSession.current)
        #expect(await stubs.finishedRequests(count: 3).count == 3)
    }
}
#endif
