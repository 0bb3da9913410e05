import XCTest
import RewriteTesting
import StubbedClient

/// The same stubs from XCTest, for projects that have not moved to Swift Testing.
final class StubbedClientXCTests: XCTestCase {
    func testListUsersFromXCTest() async throws {
        let stubs = try Stubs.session()
        defer { stubs.invalidate() }

        let users = try await APIClient(session: stubs.session).users()

        XCTAssertEqual(users.count, 3)
        await XCTAssertRulesFired(stubs, ["list users"])
    }
}
