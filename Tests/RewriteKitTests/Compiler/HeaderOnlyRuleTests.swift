import Testing

@testable import RewriteKit

/// Where a platform cannot carry a task through the rules, the interceptor skips only the
/// rules that say they edit nothing but headers (`CompiledRule.onlyEditsHeaders`) and fails
/// the task for any other, so that a request a rule meant to route or stub never reaches its
/// original host. That flag is worked out by hand; here it is held to what each rule does:
/// a rule that says so leaves the request's URL, method and body, its answer and the
/// response's status and body exactly as no rule would.
@Suite("Rules that only edit headers say so, and no other does")
struct HeaderOnlyRuleTests {
    /// Each clause goes in a rule of its own after `when path == "/x"`, with whether it
    /// edits only headers (or observes).
    static let clauses: [(clause: String, onlyHeaders: Bool)] = [
        (#"request { set-header "X-A" "1" }"#, true),
        (#"request { add-header "X-A" "1" }"#, true),
        (#"request { remove-header "X-Id" }"#, true),
        (#"request { log }"#, true),
        (#"request { tag "t" }"#, true),
        (#"response { set-header "X-A" "1"; remove-header "X-Id"; tag "t" }"#, true),
        (#"delay 1ms"#, true),
        (#"throttle 1MB/s"#, true),
        (#"times 1"#, true),
        (#"request { set-query "id" "8" }"#, false),
        (#"request { remove-query "id" }"#, false),
        (#"request { set-url "https://other.example/y" }"#, false),
        (#"request { set-host "other.example" }"#, false),
        (#"request { set-path "/y" }"#, false),
        (#"request { set-scheme "http" }"#, false),
        (#"request { wrap-json "data" }"#, false),
        (#"request { inject-json "a" 1 }"#, false),
        (#"request { remove-json "id" }"#, false),
        (#"request { replace-body /7/ "8" }"#, false),
        (#"request { set-body "other" }"#, false),
        (#"respond 200"#, false),
        (#"fail offline"#, false),
        (#"cache 60s"#, false),
        (#"response { set-status 201 }"#, false),
        (#"response { wrap-json "data" }"#, false),
        (#"response { set-body "other" }"#, false),
        (#"response each message { drop }"#, false),
    ]

    static func exchange(_ pipeline: Pipeline) throws -> String {
        let request = try #require(HTTPRequest(
            method: "GET", url: "https://api.example.com/x?id=7", headers: ["X-Id": "7"], body: Array(#"{"id":"7"}"#.utf8)))
        let outcome = pipeline.processRequest(request)
        let response = pipeline.processResponse(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"], body: Array("{\"id\":\"7\"}\n".utf8)),
            for: outcome)
        let body = outcome.request.body.map { String(decoding: $0, as: UTF8.self) } ?? "none"
        let stream = outcome.stream == nil && !outcome.responsePlan.steps.contains { !$0.rule.messageBlocks.isEmpty } ? "" : "stream"
        return "\(outcome.request.method) \(outcome.request.url) \(body) \(outcome.disposition) "
            + "cache \(outcome.cacheLifetime.map { "\($0)" } ?? "none") \(response.response.status) "
            + "\(String(decoding: response.response.body, as: UTF8.self)) \(stream)"
    }

    @Test("the flag says what the rule does", arguments: clauses.map(\.clause))
    func flagMatchesWhatTheRuleDoes(clause: String) throws {
        let expected = try #require(Self.clauses.first { $0.clause == clause }).onlyHeaders
        let text = "rule \"r\" {\n    when path == \"/x\"\n    \(clause.replacingOccurrences(of: "; ", with: "\n"))\n}\n"
        let pipeline = Pipeline(ruleSet: try RuleSet(rules: text, name: "headers.rules"), environment: .fixed(now: 0))
        let rule = try #require(pipeline.rules.first)
        #expect(rule.onlyEditsHeaders == expected, "\(clause)")
        let skipped = try Self.exchange(Pipeline(ruleSets: [], environment: .fixed(now: 0)))
        let applied = try Self.exchange(pipeline)
        if rule.onlyEditsHeaders {
            #expect(applied == skipped, "\(clause) says it edits only headers")
        } else {
            #expect(applied != skipped, "\(clause) changes what skipping it would not (or the test proves nothing)")
        }
    }
}
