import Testing
import RewriteTesting
import StubbedClient

@Suite("Listing and reading users")
struct UserListTests {
    @Test("the user list comes from the fixture file")
    func listUsers() async throws {
        // GIVEN the stub API
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }
        let client = APIClient(session: stubs.session)

        // WHEN the app lists users
        let users = try await client.users()

        // THEN it gets the fixture's users, from the "list users" rule alone
        #expect(users.map(\.name) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
        await expectRulesFired(stubs, ["list users"])
    }

    @Test("a user with a fixture is returned")
    func userDetail() async throws {
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }

        let user = try await APIClient(session: stubs.session).user(id: 1)

        #expect(user == User(id: 1, name: "Ada Lovelace", email: "ada@example.com"))
        await expectRulesFired(stubs, ["user 1"])
    }

    @Test("an unknown user is a typed notFound error from the 404 default", arguments: [2, 99])
    func missingUser(id: Int) async throws {
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }

        await #expect(throws: APIError.notFound) {
            try await APIClient(session: stubs.session).user(id: id)
        }
        await expectRulesFired(stubs, ["anything else is missing"])
    }

    @Test("a server error composed in front of the stub API for one test")
    func serverError() async throws {
        let stubs = try Stubs.session(overriding: """
            rule "users are down" {
                when path == "/v1/users"
                respond 503
            }
            """)
        defer { stubs.invalidate() }

        await #expect(throws: APIError.unexpectedStatus(503)) {
            try await APIClient(session: stubs.session).users()
        }
        await expectRulesFired(stubs, ["users are down"])
    }
}
