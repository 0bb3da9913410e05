import Testing
import RewriteTesting
import StubbedClient

@Suite("Creating users")
struct CreateUserTests {
    @Test("a created user comes back from the 201 stub")
    func create() async throws {
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }

        let user = try await APIClient(session: stubs.session)
            .createUser(NewUser(name: "New User", email: "new@example.com"))

        #expect(user.id == 4)
        #expect(user.name == "New User")
        await expectRulesFired(stubs, ["create user"])
    }

    @Test("the injected offline failure is a typed offline error")
    func offline() async throws {
        // GIVEN the stub API, whose "offline on create" rule fails creating Offline Olivia
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }

        // WHEN the app creates her
        await #expect(throws: APIError.offline) {
            try await APIClient(session: stubs.session)
                .createUser(NewUser(name: "Offline Olivia", email: "olivia@example.com"))
        }

        // THEN the failure came from the rule, not the network
        let finished = await stubs.finishedRequests(count: 1, timeout: 5)
        #expect(finished.first?.completion?.source == .failure)
        #expect(finished.first?.completion?.error?.urlErrorCode == .notConnectedToInternet)
        #expect(finished.first?.completion?.appliedRules.map(\.name) == ["offline on create"])
    }
}
