#if canImport(XCTest)
import Foundation
import XCTest

/// Fails the XCTest test unless the session's next `requests` requests to finish applied
/// exactly the rules `names`, in order.
///
/// The requests checked are those that finished after the ones the previous assertion on
/// `session` checked (the first assertion starts at the session's first request), so an
/// assertion after each request checks that request. Waits up to `timeout` for them to finish, then compares the names of the rules
/// that applied (in the order they applied, request after request) with `names`. The failure
/// message names the missing and unexpected rules, and for each expected rule that did not
/// fire, its near miss: which of its conditions failed, and the request's value. It ends with
/// the path of an HTML report of the session's requests (``RewriteTestSession/writeReport(to:title:)``).
///
/// ```swift
/// _ = try await client.users()
/// await XCTAssertRulesFired(stubs, ["list users"])
/// ```
public func XCTAssertRulesFired(
    _ session: RewriteTestSession,
    _ names: [String],
    requests: Int = 1,
    timeout: TimeInterval = 10,
    file: StaticString = #filePath,
    line: UInt = #line
) async {
    let finished = await session.nextFinishedRequests(count: requests, timeout: timeout)
    var comparison = RulesFiredComparison(expected: names, finished: finished, requests: requests, timeout: timeout)
    comparison.nearMisses = session.nearMisses(ofRulesNamed: names.filter { !comparison.fired.contains($0) }, in: finished)
    comparison.ruleNames = session.rewriter.pipeline.ruleReferences.map(\.name)
    if var failure = comparison.failureMessage {
        if let report = try? session.writeReport() { failure += "\n  report: \(report.path)" }
        XCTFail(failure, file: file, line: line)
    }
}
#endif
