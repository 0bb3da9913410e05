// RewriteTesting: everything a test target needs to use RewriteKit — the
// loopback server, RewriteTestSession and ActivityRecorder (from
// RewriteTestSupport, re-exported here) plus assertions for XCTest
// (`XCTAssertRulesFired`) and Swift Testing (`expectRulesFired`).
@_exported import RewriteTestSupport
