/// How close a rule came to applying to a request: each of its `when` conditions, held or
/// not, with the request's own value where one failed.
///
/// ``Pipeline/nearMisses(for:)`` ranks every rule this way, for "why didn't my rule fire?":
/// `rewrite apply --explain`, the `.unmatched` activity event and the test assertions show them.
public struct NearMiss: Sendable, Hashable, CustomStringConvertible {
    /// One `when` condition (an operand of the rule's `and`s), evaluated on the request.
    public struct Check: Sendable, Hashable {
        /// The condition as written in the rule, in its compiled form (`path == "/v1/users"`).
        public let condition: String
        /// Whether it held.
        public let held: Bool
        /// For a failed test, what the request had: its subject and value
        /// (`path: "/v1/user"`, `header "X-Tenant": absent`); nil for a condition that held
        /// or one built from `or` and `not`.
        public internal(set) var actual: String?
    }

    /// The rule.
    public let rule: RuleReference
    /// Its conditions, in the order they are evaluated (cheapest first).
    public internal(set) var checks: [Check]

    /// How many conditions held.
    public var heldCount: Int { checks.filter(\.held).count }
    /// The conditions that failed.
    public var failed: [Check] { checks.filter { !$0.held } }

    /// `"users" (api.rules:4): ✓ method == GET; ✗ path == "/v1/users" (path: "/v1/user")`.
    public var description: String {
        let parts = checks.map { check in
            (check.held ? "✓ " : "✗ ") + check.condition + (check.actual.map { " (\($0))" } ?? "")
        }
        return "\(rule): " + (parts.isEmpty ? "no conditions" : parts.joined(separator: "; "))
    }
}
