import Foundation
import Testing
import RewriteTesting
import StubbedClient

@Suite("Searching")
struct SearchTests {
    @Test("search answers after the stub's 500 ms delay")
    func slowSearch() async throws {
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }
        let started = Date()

        let users = try await APIClient(session: stubs.session).search("grace")

        #expect(users.map(\.id) == [2])
        #expect(Date().timeIntervalSince(started) >= 0.5)
        let finished = await stubs.finishedRequests(count: 1, timeout: 5)
        #expect((finished.first?.duration ?? 0) >= 0.5)
        #expect(finished.first?.completion?.source == .stub)
        await expectRulesFired(stubs, ["slow search"])
    }

    @Test("two sessions with different rules at the same time stay apart")
    func isolation() async throws {
        // GIVEN the stub API, and the stub API with search failing
        let plain = try Stubs.session()
        let broken = try Stubs.session(overriding: """
            rule "search is down" {
                when path == "/v1/search"
                fail timeout
            }
            """)
        defer {
            plain.invalidate()
            broken.invalidate()
        }

        // WHEN both search at once
        async let found = APIClient(session: plain.session).search("grace")
        async let failure = Self.error(of: APIClient(session: broken.session).search("grace"))

        // THEN each got its own rules' answer
        #expect(try await found.map(\.id) == [2])
        #expect(await failure == .timedOut)
        await expectRulesFired(plain, ["slow search"])
        await expectRulesFired(broken, ["search is down"])
    }

    /// The error `call` throws, or nil when it succeeds.
    private static func error<Value>(of call: @autoclosure () async throws(APIError) -> Value) async -> APIError? {
        do {
            _ = try await call()
            return nil
        } catch {
            return error
        }
    }
}
