import Foundation
import RewriteKit

/// Compares the rules a test expected to fire with those that did, and words the failure
/// the same way for XCTest and Swift Testing.
struct RulesFiredComparison {
    var expected: [String]
    /// The names of the rules that applied, request after request.
    var fired: [String]
    var requests: Int
    var finishedCount: Int
    var timeout: TimeInterval
    /// How close the expected rules that did not fire came, on the requests checked.
    var nearMisses: [NearMiss] = []
    /// The names of the session's rules, to tell a rule that did not fire from a name no
    /// rule has.
    var ruleNames: [String] = []

    init(expected: [String], finished: [ActivityEvent], requests: Int, timeout: TimeInterval) {
        self.expected = expected
        self.fired = finished.prefix(requests).flatMap { $0.completion?.appliedRules.map(\.name) ?? [] }
        self.requests = requests
        self.finishedCount = finished.count
        self.timeout = timeout
    }

    /// `nil` when the rules are as expected, otherwise what differs.
    var failureMessage: String? {
        guard expected != fired || finishedCount < requests else { return nil }
        let over = requests == 1 ? "1 request" : "\(requests) requests"
        var message = "expected rules \(Self.list(expected)) to fire over \(over), but \(Self.list(fired)) fired"
        if finishedCount < requests {
            message += "; only \(finishedCount) of \(requests) requests finished within \(Self.seconds(timeout))"
        }
        let missing = expected.filter { !fired.contains($0) }
        let unexpected = fired.filter { !expected.contains($0) }
        if !missing.isEmpty { message += "; missing \(Self.list(missing))" }
        if !unexpected.isEmpty { message += "; unexpected \(Self.list(unexpected))" }
        if missing.isEmpty && unexpected.isEmpty && expected != fired { message += "; same rules, different order or count" }
        for miss in nearMisses where missing.contains(miss.rule.name) {
            message += "\n  near miss: \(miss)"
        }
        for name in missing where !ruleNames.isEmpty && !ruleNames.contains(name) {
            message += "\n  no rule is named \"\(name)\""
            if let near = Suggestions.closest(to: name, in: ruleNames) {
                message += "; did you mean \"\(near)\"?"
            } else {
                let shown = ruleNames.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
                message += "; the session's rules are \(shown)\(ruleNames.count > 10 ? ", …" : "")"
            }
        }
        return message
    }

    private static func list(_ names: [String]) -> String {
        "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
