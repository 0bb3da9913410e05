import RewriteTestSupport
import Testing

@testable import RewriteKit

/// ``BodyNeedsTests`` holds the "what a rule reads" flags to a fixed list of pieces, one
/// rule at a time. Here the pieces are mixed: generated rule files of one to three rules,
/// each with a condition built from tests that do and do not read the body (`and`, `or`,
/// `not`, regex captures, configuration), and a few clauses of every kind. For every file,
/// what the interceptor relies on must hold:
///
/// - admitted from the head alone (as `canInit` admits it), the rules decide as they do
///   with the whole request;
/// - when no rule needs the request body, a request without its body gets the same result;
/// - when the outcome does not need the response body, a response without it gets the same
///   result;
/// - every rule that applies and does more than edit headers is among the rules a platform
///   that cannot carry the task may not skip, judged from the head, and `mightApply` says yes.
@Suite("Generated rules: what a rule reads, it says")
struct GeneratedBodyNeedsTests {
    static let headConditions: [String] = [
        #"path == "/x""#, #"method == POST"#, #"header "X-Id" == "7""#, #"header "X-Id" == "8""#,
        #"host ~ "*.example.com""#, #"query "id" == "7""#, #"path ~ /\/(x)/"#, #"header "X-Id" == "${env.ID}""#,
        #"header "X-Id" == "${query.id}""#, #"url contains "id=7""#, #"header "X-None" exists"#,
    ]

    static let bodyConditions: [String] = [
        #"json "id" == "7""#, #"json "id" == "8""#, #"body contains "7""#, #"json "name" exists"#,
        #"header "X-Id" == "${json.id}""#, #"header "X-Id" != "${json.id}""#, #"query "id" in ["0", "${json.id}"]"#,
        #"body ~ /"id":"(\d)"/"#, #"json "missing" exists"#, #"graphql operation == "Q""#, #"body == json {"id": "7", "name": "n"}"#,
        #"json "id" in ["7", "8"]"#, #"json "id" >= 5"#, #"body ~ "*7*""#,
    ]

    static let requestClauses: [String] = [
        #"request { set-header "X-Out" "1" }"#, #"request { set-header "X-Cap" "${1}" }"#,
        #"request { set-path "/y" }"#, #"request { set-query "q" "${header.X-Id}" }"#,
        #"request { set-header "X-Out" "${json.id}" }"#, #"request { inject-json "copy" "${json.id}" }"#,
        #"request { wrap-json "w" }"#, #"request { remove-json "id" }"#, #"request { set-body "${json.name}" }"#,
        #"request { replace-body /7/ "8" }"#, #"request { tag "${json.id}" }"#, #"request { log }"#,
        #"request { remove-header "X-Id" }"#, #"request { set-url "https://other.example/${json.id}" }"#,
        #"request { set-header "X-Whole" "${0}" }"#, #"request { set-body json {"a": 1} }"#,
    ]

    static let terminalClauses: [String] = [
        #"respond 200 { body "${json.id}" }"#, #"respond 200 { header "X-Id" "${header.X-Id}" }"#, "respond 201",
        "fail offline", #"respond 200 { header "Content-Type" "application/x-ndjson"; stream { message "${json.id}" } }"#,
    ]

    static let responseClauses: [String] = [
        #"response { set-header "X-Seen" "${json.id}" }"#, #"response { set-header "X-Seen" "1" }"#,
        #"response when json "id" == "7" { set-status 201 }"#, #"response when status == 200 { set-header "X-S" "1" }"#,
        #"response { inject-json "copy" "${json.name}" }"#, #"response when header "X-Id" == "${json.id}" { tag "t" }"#,
        #"response { remove-header "X-Id" }"#,
    ]

    static let otherClauses: [String] = ["stop", "times 2", "delay 10ms", "throttle 1MB/s", "cache 1m"]

    /// A condition of up to `depth` levels of `and`, `or` and `not`.
    static func condition(_ generator: inout SeededGenerator, depth: Int) -> String {
        let leaf = { (generator: inout SeededGenerator) -> String in
            generator.next() % 2 == 0 ? pick(headConditions, &generator) : pick(bodyConditions, &generator)
        }
        guard depth > 0 else { return leaf(&generator) }
        switch generator.next() % 5 {
        case 0: return "\(condition(&generator, depth: depth - 1)) and \(condition(&generator, depth: depth - 1))"
        case 1: return "(\(condition(&generator, depth: depth - 1)) or \(condition(&generator, depth: depth - 1)))"
        case 2: return "not (\(condition(&generator, depth: depth - 1)))"
        default: return leaf(&generator)
        }
    }

    static func pick(_ list: [String], _ generator: inout SeededGenerator) -> String {
        list[Int(generator.next() % UInt64(list.count))]
    }

    /// One rule: most have a condition; one to three clauses, at most one of them terminal.
    static func rule(_ number: Int, _ generator: inout SeededGenerator) -> String {
        var lines: [String] = []
        if generator.next() % 5 != 0 { lines.append("when \(condition(&generator, depth: 2))") }
        for _ in 0..<(1 + Int(generator.next() % 3)) {
            switch generator.next() % 8 {
            case 0, 1, 2: lines.append(pick(requestClauses, &generator))
            case 3, 4: lines.append(pick(responseClauses, &generator))
            case 5: lines.append(pick(otherClauses, &generator))
            default:
                if !lines.contains(where: { $0.hasPrefix("respond ") || $0.hasPrefix("fail ") }) {
                    lines.append(pick(terminalClauses, &generator))
                }
            }
        }
        return "rule \"r\(number)\" {\n" + lines.map { "    \($0.replacingOccurrences(of: "; ", with: "\n"))\n" }.joined() + "}\n"
    }

    static let body = Array(#"{"id":"7","name":"n"}"#.utf8)

    static func request(body: [UInt8]?) throws -> HTTPRequest {
        try #require(HTTPRequest(
            method: "POST", url: "https://api.example.com/x?id=7", headers: ["X-Id": "7", "Content-Type": "application/json"], body: body))
    }

    /// What an outcome shows apart from the body's bytes (which a body action changes
    /// either way): where the request goes, its head, the answer and the trace.
    static func summary(_ outcome: RequestOutcome) -> String {
        var answer = ""
        switch outcome.disposition {
        case .forward: answer = "forward"
        case .respond(let response): answer = "respond \(response.status) \(response.headers) \(response.body.count)"
        case .fail(let code): answer = "fail \(code)"
        }
        return "\(outcome.request.method) \(outcome.request.url) \(outcome.request.headers) \(answer) "
            + "\(outcome.delay ?? 0) \(BodyNeedsTests.events(outcome.trace))"
    }

    static let fileCount = 2000

    @Test("generated rule files keep the body flags' promises")
    func generatedFiles() throws {
        var generator = SeededGenerator(seed: 2611)
        let environment = EvaluationEnvironment.fixed(now: 0, variables: ["ID": "7"])
        let whole = try Self.request(body: Self.body)
        let head = try Self.request(body: nil)
        var compiled = 0
        var checked = (withoutBody: 0, withoutResponseBody: 0, applied: 0)
        for _ in 0..<Self.fileCount {
            let text = (0..<(1 + Int(generator.next() % 3))).map { Self.rule($0, &generator) }.joined()
            // A generated combination the compiler refuses (a `${1}` without a regex) is
            // not a case; most compile.
            guard let ruleSet = try? RuleSet(rules: text, name: "generated.rules") else { continue }
            compiled += 1
            let pipeline = Pipeline(ruleSet: ruleSet, environment: environment)
            let outcome = pipeline.processRequest(whole, counts: RuleUseCounts())
            let direct = Self.summary(outcome)

            let admitted = pipeline.processRequest(whole, admission: pipeline.admit(head), counts: RuleUseCounts())
            #expect(Self.summary(admitted) == direct, "admitted from the head:\n\(text)")

            if !pipeline.rules.contains(where: \.requestNeedsBody) {
                checked.withoutBody += 1
                let without = pipeline.processRequest(head, counts: RuleUseCounts())
                #expect(Self.summary(without) == direct, "no rule says it needs the request body:\n\(text)")
            }

            if !outcome.responseNeedsBody {
                checked.withoutResponseBody += 1
                let response = HTTPResponse(status: 200, headers: ["X-Id": "7", "Content-Type": "application/json"], body: Self.body)
                var empty = response
                empty.body = []
                #expect(
                    BodyNeedsTests.summary(pipeline.processResponse(response, for: outcome))
                        == BodyNeedsTests.summary(pipeline.processResponse(empty, for: outcome)),
                    "the outcome does not say it needs the response body:\n\(text)")
            }

            let applied = outcome.appliedRules.map(\.name)
            if !applied.isEmpty {
                checked.applied += 1
                #expect(pipeline.mightApply(to: head), "a rule applies:\n\(text)")
                let mustRun = Set(pipeline.rulesThatMustNotBeSkipped(for: head).map(\.name))
                for rule in pipeline.rules where applied.contains(rule.reference.name) && !rule.onlyEditsHeaders {
                    #expect(mustRun.contains(rule.reference.name), "\(rule.reference.name) may not be skipped:\n\(text)")
                }
            }
        }
        // The generator must keep producing cases of each kind, or the test proves little.
        #expect(compiled > Self.fileCount / 2, "\(compiled) of \(Self.fileCount) files compiled, \(checked)")
        #expect(checked.withoutBody > 100 && checked.withoutResponseBody > 300 && checked.applied > 300, "\(checked)")
    }
}
