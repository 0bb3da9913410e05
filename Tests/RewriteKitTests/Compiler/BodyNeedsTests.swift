import Testing

@testable import RewriteKit

/// The interceptor reads an upload's body before the request phase, and holds a response
/// until its body has arrived, only for rules that say they need it (`requestNeedsBody`,
/// `responseNeedsBody`). A rule whose result depends on the body without saying so works
/// in `Pipeline.processRequest` and `rewrite apply`, and silently differently through
/// URLSession. So: for a rule in every place a `${json.PATH}` can go, the same message with
/// and without its body must give the same result, or the rule must say it needs the body.
@Suite("Rules that read the body say so")
struct BodyNeedsTests {
    /// Each piece goes in a rule on its own, after `when path == "/x"` unless it is a condition.
    static let requestPieces: [String] = [
        #"request { set-header "X-Out" "${json.id}" }"#,
        #"request { set-header "X-${json.id}" "1" }"#,
        #"request { add-header "X-Out" "${json.id}" }"#,
        #"request { remove-header "${json.name}" }"#,
        #"request { set-query "id" "${json.id}" }"#,
        #"request { remove-query "${json.query}" }"#,
        #"request { set-url "https://example.com/${json.id}" }"#,
        #"request { set-host "${json.host}" }"#,
        #"request { set-path "/users/${json.id}" }"#,
        #"request { set-scheme "${json.scheme}" }"#,
        #"request { tag "${json.id}" }"#,
        #"request { wrap-json "${json.name}" }"#,
        #"request { inject-json "copy" "${json.id}" }"#,
        #"request { remove-json "id" }"#,
        #"request { replace-body /7/ "${json.id}${json.id}" }"#,
        #"request { set-body "${json.id}" }"#,
        #"respond 200 { header "X-Id" "${json.id}" }"#,
        #"respond 200 { body "${json.id}" }"#,
        #"respond 200 { header "Content-Type" "application/x-ndjson"; stream { message "${json.id}" } }"#,
        #"respond 200 { header "Content-Type" "text/event-stream"; stream { message event "${json.name}" id "${json.id}" "m" } }"#,
    ]

    static let conditions: [String] = [
        #"header "X-Id" == "${json.id}""#,
        #"header "X-Id" != "${json.id}""#,
        #"header "X-Id" in ["0", "${json.id}"]"#,
        #"query "id" == "${json.id}""#,
        #"json "id" == "7""#,
        #"body contains "7""#,
        #"header "X-Id" == "7" and json "id" exists"#,
        #"not (json "name" == "n")"#,
    ]

    static let responsePieces: [String] = [
        #"response { set-header "X-Out" "${json.id}" }"#,
        #"response { set-header "X-${json.name}" "1" }"#,
        #"response { add-header "X-Out" "${json.id}" }"#,
        #"response { remove-header "${json.name}" }"#,
        #"response { tag "${json.id}" }"#,
        #"response { set-body "${json.id}" }"#,
        #"response { inject-json "copy" "${json.id}" }"#,
        #"response when header "X-Id" == "${json.id}" { set-header "X-Seen" "1" }"#,
        #"response when header "X-Id" in ["0", "${json.id}"] { set-header "X-Seen" "1" }"#,
        #"response when json "id" == "7" { set-header "X-Seen" "1" }"#,
        #"response when status == 200 { set-status 201 }"#,
    ]

    static let body = Array(#"{"id":"7","name":"n","host":"other.example","scheme":"http","query":"q"}"#.utf8)

    static func request(body: [UInt8]?) throws -> HTTPRequest {
        try #require(HTTPRequest(
            method: "POST", url: "https://api.example.com/x?id=7&q=1", headers: ["X-Id": "7", "n": "1"], body: body))
    }

    /// What a request outcome shows, without the body itself (which a body action changes
    /// either way): where the request goes, its head, the answer and the trace.
    static func summary(_ outcome: RequestOutcome) -> String {
        var stub = ""
        if case .respond(let response) = outcome.disposition {
            stub = "\(response.status) \(response.headers) \(response.body.count > 0 ? "body" : "")"
        }
        return "\(outcome.request.method) \(outcome.request.url) \(outcome.request.headers) \(stub) \(events(outcome.trace))"
    }

    static func summary(_ outcome: ResponseOutcome) -> String {
        "\(outcome.response.status) \(outcome.response.headers) \(events(outcome.trace))"
    }

    /// The trace's events, a body change told without its lengths and summary.
    static func events(_ trace: Trace) -> [String] {
        trace.entries.map { entry in
            if case .changed(let action, .body) = entry.event { return "\(action) changed the body" }
            return "\(entry.event)"
        }
    }

    /// A rule of its own for `piece`: a condition (with an action to show it held), or
    /// clauses after `when path == "/x"` (`; ` separates lines).
    static func ruleText(_ piece: String) -> String {
        let isClause = ["request", "respond", "response"].contains { piece.hasPrefix($0) }
        return isClause
            ? "rule \"r\" {\n    when path == \"/x\"\n    \(piece.replacingOccurrences(of: "; ", with: "\n"))\n}\n"
            : "rule \"r\" {\n    when \(piece)\n    request { set-header \"X-Applied\" \"1\" }\n}\n"
    }

    @Test("a request rule whose result depends on the body needs the request body", arguments: requestPieces + conditions)
    func requestPhase(piece: String) throws {
        let pipeline = Pipeline(ruleSet: try RuleSet(rules: Self.ruleText(piece), name: "needs.rules"), environment: .fixed(now: 0))
        let rule = try #require(pipeline.rules.first)
        let with = Self.summary(pipeline.processRequest(try Self.request(body: Self.body)))
        let without = Self.summary(pipeline.processRequest(try Self.request(body: nil)))
        #expect(with != without, "the piece reads the body (or the test proves nothing): \(piece)")
        #expect(rule.requestNeedsBody, "\(piece)")
        #expect(!rule.responseNeedsBody, "\(piece)")
    }

    @Test(
        "admitted from the head alone, as canInit admits it, a rule decides as it does with the whole request",
        arguments: requestPieces + conditions + [#"path ~ /\/(x)/"#, #"header "X-Id" == "${env.ID}""#, #"header "X-Id" == "8""#])
    func admittedFromTheHead(piece: String) throws {
        let pipeline = Pipeline(
            ruleSet: try RuleSet(rules: Self.ruleText(piece), name: "needs.rules"), environment: .fixed(now: 0, variables: ["ID": "7"]))
        let whole = try Self.request(body: Self.body)
        let direct = Self.summary(pipeline.processRequest(whole, counts: RuleUseCounts()))
        let admission = pipeline.admit(try Self.request(body: nil))
        let admitted = Self.summary(pipeline.processRequest(whole, admission: admission, counts: RuleUseCounts()))
        #expect(direct == admitted, "\(piece)")
    }

    @Test(
        "a stub whose condition compares with a value from the body is never one a platform may skip",
        arguments: [#"header "X-Id" == "${json.id}""#, #"header "X-Id" in ["0", "${json.id}"]"#, #"json "id" == "7""#])
    func stubThatReadsTheBodyIsNotSkipped(condition: String) throws {
        let text = "rule \"stub\" {\n    when \(condition)\n    respond 200 { body \"stubbed\" }\n}\n"
        let pipeline = Pipeline(ruleSet: try RuleSet(rules: text, name: "needs.rules"), environment: .fixed(now: 0))
        // A platform that cannot carry the task asks from the head alone, before any body.
        let head = try Self.request(body: nil)
        #expect(pipeline.rulesThatMustNotBeSkipped(for: head).map(\.name) == ["stub"], "\(condition)")
        #expect(pipeline.mightApply(to: head), "\(condition)")
    }

    @Test("a response rule whose result depends on the body needs the response body", arguments: responsePieces)
    func responsePhase(piece: String) throws {
        let pipeline = Pipeline(ruleSet: try RuleSet(rules: Self.ruleText(piece), name: "needs.rules"), environment: .fixed(now: 0))
        let rule = try #require(pipeline.rules.first)
        let outcome = pipeline.processRequest(try Self.request(body: nil))
        let response = HTTPResponse(status: 200, headers: ["X-Id": "7", "n": "1"], body: Self.body)
        var empty = response
        empty.body = []
        let with = Self.summary(pipeline.processResponse(response, for: outcome))
        let without = Self.summary(pipeline.processResponse(empty, for: outcome))
        // A guard on the status alone reads no body: the one piece both sides agree on.
        let readsBody = !piece.contains("status == 200")
        #expect((with != without) == readsBody, "\(piece)")
        #expect(rule.responseNeedsBody == readsBody, "\(piece)")
        #expect(outcome.responseNeedsBody == readsBody, "\(piece)")
        #expect(!rule.requestNeedsBody, "\(piece)")
    }
}
