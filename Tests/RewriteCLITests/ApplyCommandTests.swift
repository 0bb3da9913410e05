#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite apply`, run as a process on the sample rules in `Rules/`.
@Suite struct ApplyCommandTests {
    /// The package root: `Rules/...` paths are given relative to it, as a user would.
    static let root = RulesFolderTests.folder.deletingLastPathComponent()

    /// The issue's acceptance check.
    static let tutorial = [
        "apply", "Rules/tutorial.rules", "--request", "POST https://httpbin.org/post",
        "-H", "Content-Type: application/json", "--body", #"{"hello":"world"}"#,
        "--response", "200", "--response-header", "Content-Type: application/json",
        "--response-body", #"{"ok":true}"#,
    ]

    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> RewriteProcess.Result {
        try RewriteProcess.run(arguments, in: root, environment: environment)
    }

    /// The JSON form of a run, as a dictionary.
    static func runJSON(_ arguments: [String], environment: [String: String?] = [:]) throws -> [String: Any] {
        let result = try run(arguments + ["--format", "json"], environment: environment)
        #expect(result.status == 0, "\(result)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [String: Any], "\(result)")
    }

    /// The lines of one section of the text report (`REQUEST`, `RESPONSE`, `TRACE`).
    static func section(_ name: String, of output: String) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(name) }) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? rest.endIndex
        return Array(rest[..<end])
    }

    static let feed = "GET https://api.myapp.com/v1/feed"

    @Test("secrets read <redacted> in text and JSON, wherever they appear, unless --show-secrets")
    func secretsAreRedactedUnlessAskedFor() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString).rules")
        defer { try? FileManager.default.removeItem(at: rules) }
        // A rule that copies the token into another header and a tag, and sets a short
        // secret header, which text scrubbing alone would miss.
        try Data(#"""
            rule "copy" {
                request {
                    set-header "X-Echo" "${header.Authorization}"
                    set-header "X-Api-Key" "k9"
                    tag "saw ${query.token}"
                    log
                }
            }
            """#.utf8).write(to: rules)
        let arguments = [
            "apply", rules.path, "--request", "GET https://a.test/items?token=t0k-SECRET-42&page=2",
            "-H", "Authorization: Bearer AUTH-SECRET-1", "-H", "Cookie: sid=COOKIE-SECRET-2", "-H", "X-Team: TEAM-SECRET-3",
            "--redact-header", "X-Team",
            "--response", "200", "--response-header", "Set-Cookie: sid=SETCOOKIE-SECRET-4; Path=/", "--response-body", "hi",
        ]
        let secrets = ["t0k-SECRET-42", "AUTH-SECRET-1", "COOKIE-SECRET-2", "TEAM-SECRET-3", "SETCOOKIE-SECRET-4", "\"k9\"", ": k9"]
        let text = try Self.run(arguments)
        #expect(text.status == 0, "\(text)")
        for secret in secrets { #expect(!text.stdout.contains(secret), "\(secret) in:\n\(text.stdout)") }
        #expect(text.stdout.contains("Authorization: <redacted>") && text.stdout.contains("X-Echo: <redacted>"))
        #expect(text.stdout.contains("token=<redacted>&page=2"), "\(text.stdout)")
        #expect(text.stdout.contains("X-Api-Key: <redacted>"), "a short secret header value is replaced where it stands")

        let json = try Self.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json)")
        for secret in secrets { #expect(!json.stdout.contains(secret), "\(secret) in:\n\(json.stdout)") }
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any], "still JSON")

        let shown = try Self.run(arguments + ["--show-secrets"])
        for secret in ["t0k-SECRET-42", "AUTH-SECRET-1", "COOKIE-SECRET-2", "TEAM-SECRET-3", "SETCOOKIE-SECRET-4"] {
            #expect(shown.stdout.contains(secret), "--show-secrets prints \(secret)")
        }
    }

    @Test func severalRequestsRunInOrderThroughOnePipelineAndCountsCarryOver() throws {
        let result = try Self.run(["apply", "Rules/retry.rules", "--request", Self.feed, "--request", Self.feed, "--request", Self.feed])
        #expect(result.status == 0, "\(result)")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("=== request") }
        #expect(headers == [
            "=== request 1 of 3: GET https://api.myapp.com/v1/feed ===",
            "=== request 2 of 3: GET https://api.myapp.com/v1/feed ===",
            "=== request 3 of 3: GET https://api.myapp.com/v1/feed ===",
        ])
        let stubs = result.stdout.split(separator: "\n").filter { $0.hasPrefix("RESPONSE") }
        #expect(stubs == [
            #"RESPONSE  stub by "first call fails", no network"#,
            #"RESPONSE  stub by "then it works", no network"#,
            #"RESPONSE  stub by "then it works", no network"#,
        ])
        #expect(result.stdout.contains("used up: already applied to 1 request (times 1); skipped"))
    }

    @Test func theNetworkARequestGoesOverIsShown() throws {
        let text = try Self.run(["apply", "Rules/network.rules", "--request", "GET https://staging.example.com/"])
        #expect(text.stdout.contains(#"on network "flaky" (latency 100ms, jitter 20ms, down 262144B/s, up 65536B/s, loss 20.0%)"#), "\(text.stdout)")
        let json = try Self.runJSON(["apply", "Rules/network.rules", "--request", "GET https://api.example.com/", "--format", "json"])
        let shaping = json["shaping"] as? [String: Any]
        #expect(shaping?["network"] as? String == #""3G" (latency 2000ms, down 50000B/s, up 50000B/s)"#, "\(json)")
    }

    @Test func severalRequestsAsJSONAreAnArrayAndOptionsBelongToTheRequestBeforeThem() throws {
        let result = try Self.run([
            "apply", "Rules/tutorial.rules", "--format", "json",
            "--request", "POST https://httpbin.org/post", "-H", "Content-Type: application/json", "--body", #"{"a":1}"#,
            "--request", "GET https://httpbin.org/get", "--response", "200",
        ])
        #expect(result.status == 0, "\(result)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 2)
        let first = try #require(reports.first?["request"] as? [String: Any])
        let second = try #require(reports.last?["request"] as? [String: Any])
        #expect((first["body"] as? String)?.contains("wrapper") == true, "the body went with the first request")
        #expect(second["body"] == nil || second["body"] is NSNull, "the second request has no body")
    }

    @Test func explainShowsEveryRuleClosestFirstWithTheFailedConditionsAndTheRequestsValues() throws {
        let result = try Self.run(["apply", "Rules/mock-api.rules", "--explain", "--request", "POST https://api.myapp.com/v1/user"])
        #expect(result.status == 0, "\(result)")
        let explain = Self.section("EXPLAIN", of: result.stdout)
        // The rule that applies comes first (no condition failed), then the closest miss.
        let ruleLines = explain.filter { $0.hasPrefix("  \"") }
        #expect(ruleLines.first?.contains(#""anything else on api.myapp.com is missing" at Rules/mock-api.rules:"#) == true, "\(explain)")
        #expect(ruleLines.first?.hasSuffix("1 of 1 condition held: applies") == true, "\(explain)")
        #expect(ruleLines.dropFirst().first?.contains(#""create user" at Rules/mock-api.rules:"#) == true, "\(explain)")
        #expect(explain.contains { $0.contains(#"✗ path ~ /^\/v1\/users\/(\d+)$/"#) }, "a regex is shown as it is written, its slashes escaped: \(explain)")
        #expect(explain.contains { $0.contains(#"✗ path == "/v1/users""#) && $0.contains(#"path: "/v1/user""#) }, "\(explain)")
        #expect(explain.contains { $0.contains(#"✓ method == "POST""#) })

        let json = try Self.runJSON(["apply", "Rules/mock-api.rules", "--explain", "--request", "POST https://api.myapp.com/v1/user"])
        let misses = try #require(json["explain"] as? [[String: Any]])
        #expect(misses.count == 7, "every rule of the file")
        #expect((misses.first?["rule"] as? [String: Any])?["name"] as? String == "anything else on api.myapp.com is missing")
        let first = try #require(misses.dropFirst().first)
        #expect((first["rule"] as? [String: Any])?["name"] as? String == "create user")
        #expect(first["held"] as? Int == 2)
        let failed = (first["conditions"] as? [[String: Any]] ?? []).filter { $0["held"] as? Bool == false }
        #expect(failed.map { $0["actual"] as? String } == [#"path: "/v1/user""#])
    }

    @Test func aRequestOptionGivenTwiceForOneRequestIsAUsageError() throws {
        let result = try Self.run(["apply", "Rules/retry.rules", "--request", Self.feed, "--body", "a", "--body", "b"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--body' is given twice"))
    }

    @Test func tutorialWrapsTheBodyStampsTheResponseAndNamesTheRule() throws {
        let result = try Self.run(Self.tutorial)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let request = Self.section("REQUEST", of: result.stdout)
        #expect(request.first == "  POST https://httpbin.org/post", "\(result)")
        #expect(request.contains("  User-Agent: ProxyApp/1.0"), "\(result)")
        #expect(request.contains("  Content-Type: application/json"))
        #expect(request.contains(#"  {"wrapper":{"hello":"world"}}"#), "\(result)")

        let response = Self.section("RESPONSE", of: result.stdout)
        #expect(response.contains("  200 OK"), "\(result)")
        let body = try #require(response.first { $0.contains("proxy_timestamp") }, "\(result)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
        #expect(object["ok"] as? Bool == true)
        #expect(object["proxy_timestamp"] is NSNumber && !(object["proxy_timestamp"] is Bool), "\(body)")

        let trace = Self.section("TRACE", of: result.stdout)
        #expect(trace.first == #"  "wrap httpbin payloads" at Rules/tutorial.rules:2"#, "\(result)")
        #expect(trace.contains { $0.contains("line 7") && $0.contains("wrap-json") }, "\(result)")
        #expect(trace.contains { $0.contains("line 8") && $0.contains("User-Agent") && $0.contains("ProxyApp/1.0") })
        #expect(trace.contains { $0.contains("line 12") && $0.contains("inject-json") }, "\(result)")
        #expect(trace.contains { $0.hasSuffix(#"+ {"wrapper":{"hello":"world"}}"#) }, "body after, in the trace")
        #expect(trace.contains { $0.hasSuffix(#"- {"hello":"world"}"#) }, "body before, in the trace")
    }

    @Test func tutorialAsJSON() throws {
        let report = try Self.runJSON(Self.tutorial)
        let request = try #require(report["request"] as? [String: Any])
        #expect(request["method"] as? String == "POST")
        #expect(request["url"] as? String == "https://httpbin.org/post")
        #expect(request["body"] as? String == #"{"wrapper":{"hello":"world"}}"#)
        let headers = try #require(request["headers"] as? [[String]])
        #expect(headers.contains(["User-Agent", "ProxyApp/1.0"]))
        #expect(headers.contains(["Content-Type", "application/json"]))

        let response = try #require(report["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        let body = try #require(response["body"] as? String)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true)
        #expect(object["proxy_timestamp"] is NSNumber && !(object["proxy_timestamp"] is Bool), "\(body)")
        #expect(report["failure"] is NSNull)

        let trace = try #require(report["trace"] as? [[String: Any]])
        let rules = trace.compactMap { $0["rule"] as? [String: Any] }
        #expect(!rules.isEmpty)
        #expect(rules.allSatisfy { $0["name"] as? String == "wrap httpbin payloads" && $0["line"] as? Int == 2 })
        #expect(rules.allSatisfy { $0["file"] as? String == "Rules/tutorial.rules" })
        let phases = Set(trace.compactMap { $0["phase"] as? String })
        #expect(phases == ["request", "response"])
        #expect(trace.contains { $0["action"] as? String == "wrap-json" && $0["line"] as? Int == 7 })
    }

    @Test func respondStubAnswersFromTheFixture() throws {
        let arguments = ["apply", "Rules/mock-api.rules", "--request", "GET https://api.myapp.com/v1/users"]
        let report = try Self.runJSON(arguments)
        let response = try #require(report["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        let fixture = try String(
            contentsOf: RulesFolderTests.folder.appendingPathComponent("fixtures/users.json"), encoding: .utf8)
        #expect(response["body"] as? String == fixture)
        #expect(report["responseSource"] as? String == "stub")
        #expect(report["failure"] is NSNull)
        let applied = try #require(report["appliedRules"] as? [[String: Any]])
        #expect(applied.map { $0["name"] as? String } == ["list users"], "stop keeps the 404 default out")

        let text = try Self.run(arguments)
        #expect(text.status == 0, "\(text)")
        #expect(Self.section("RESPONSE", of: text.stdout).contains("  200 OK"), "\(text)")
        #expect(text.stdout.contains(#""list users" at Rules/mock-api.rules:5"#), "\(text)")
    }

    @Test func regexCaptureFillsTheStub() throws {
        let report = try Self.runJSON(
            ["apply", "Rules/mock-api.rules", "--request", "GET https://api.myapp.com/v1/users/42"])
        let response = try #require(report["response"] as? [String: Any])
        #expect(response["body"] as? String == #"{"id": 42, "name": "User 42"}"#)
    }

    @Test func unknownPathsGetTheNotFoundDefault() throws {
        let report = try Self.runJSON(
            ["apply", "Rules/mock-api.rules", "--request", "DELETE https://api.myapp.com/v1/nothing"])
        let response = try #require(report["response"] as? [String: Any])
        #expect(response["status"] as? Int == 404)
    }

    @Test func failShowsTheURLErrorCodeAndName() throws {
        let arguments = ["apply", "Rules/mock-api.rules", "--request", "POST https://api.myapp.com/v1/sync/now"]
        let report = try Self.runJSON(arguments)
        #expect(report["response"] is NSNull)
        let failure = try #require(report["failure"] as? [String: Any])
        #expect(failure["code"] as? Int == -1009)
        #expect(failure["name"] as? String == "notConnectedToInternet")

        let text = try Self.run(arguments)
        #expect(text.status == 0, "\(text)")
        #expect(Self.section("RESPONSE", of: text.stdout).contains { $0.contains("URLError -1009 notConnectedToInternet") }, "\(text)")
        #expect(text.stdout.contains(#""offline sync" at Rules/mock-api.rules:"#))
    }

    @Test func failWithTheAppsOwnDomainShowsDomainCodeAndMessage() throws {
        let arguments = ["apply", "Rules/mock-api.rules", "--request", "POST https://pay.myapp.com/v1/charges"]
        let report = try Self.runJSON(arguments)
        let failure = try #require(report["failure"] as? [String: Any])
        #expect(failure["domain"] as? String == "com.myapp.payments")
        #expect(failure["code"] as? Int == 402)
        #expect(failure["message"] as? String == "Card declined")
        #expect(failure["name"] == nil, "a URLError name only for NSURLErrorDomain")

        let text = try Self.run(arguments)
        #expect(text.status == 0, "\(text)")
        #expect(Self.section("RESPONSE", of: text.stdout).contains { $0.contains(#"com.myapp.payments 402 "Card declined""#) }, "\(text)")
    }

    @Test func forwardedRequestWithoutAResponseSaysSo() throws {
        let result = try Self.run(["apply", "Rules/caching.rules", "--request", "GET https://api.myapp.com/config"])
        #expect(result.status == 0, "\(result)")
        let response = Self.section("RESPONSE", of: result.stdout)
        #expect(response.contains { $0.contains("--response STATUS") }, "\(result)")
        #expect(response.contains { $0.contains("cacheable for 300 s") }, "\(result)")
        #expect(result.stdout.contains(#""cache the config" at Rules/caching.rules:3"#), "\(result)")
    }

    @Test func environmentVariablesReachTemplates() throws {
        // --show-secrets: the token is the point here (without it, it reads <redacted>).
        let arguments = ["apply", "Rules/header-injection.rules", "--request", "GET https://api.myapp.com/me", "--show-secrets"]
        let fromOption = try Self.runJSON(arguments + ["--env", "API_TOKEN=secret"])
        let headers = try #require((fromOption["request"] as? [String: Any])?["headers"] as? [[String]])
        #expect(headers.contains(["Authorization", "Bearer secret"]))

        let fromProcess = try Self.runJSON(arguments, environment: ["API_TOKEN": "from-env"])
        let processHeaders = try #require((fromProcess["request"] as? [String: Any])?["headers"] as? [[String]])
        #expect(processHeaders.contains(["Authorization", "Bearer from-env"]))
    }

    @Test func rulesWithErrorsAreReportedLikeCheckAndNothingRuns() throws {
        let folder = try TemporaryFolder(["broken.rules": CheckCommandTests.threeErrors])
        let result = try RewriteProcess.run(
            ["apply", "broken.rules", "--request", "GET https://api.myapp.com/"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("broken.rules:3:15: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?"))
        #expect(result.stderr.hasSuffix("3 errors in 1 file\n"), "\(result)")
    }

    @Test func missingRuleFileExitsTwo() throws {
        let result = try Self.run(["apply", "Rules/nope.rules", "--request", "GET https://api.myapp.com/"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: cannot read 'Rules/nope.rules': no such file"))
    }

    @Test func rulesFromStandardInput() throws {
        let result = try RewriteProcess.run(
            ["apply", "-", "--request", "GET https://httpbin.org/get", "--format", "json"],
            input: """
                rule "stamp" {
                    request { set-header "X-Stamp" "yes" }
                }

                """)
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let headers = try #require((report["request"] as? [String: Any])?["headers"] as? [[String]])
        #expect(headers == [["X-Stamp", "yes"]])
        let rule = try #require((report["appliedRules"] as? [[String: Any]])?.first)
        #expect(rule["file"] as? String == "<stdin>")
    }

    /// `--response-stream`: each message of a stream before and after `response each message`.
    @Test func responseStreamShowsEachMessageBeforeAndAfter() throws {
        let folder = try TemporaryFolder([
            "live.rules": """
                rule "hide typing events" {
                    when path == "/v1/live"
                    response each message when event == "typing" { drop }
                    response each message when json "n" exists { inject-json "seen" true }
                }

                """,
            "live.sse": "event: message\ndata: {\"n\": 1}\n\nevent: typing\ndata: {}\n\ndata: [DONE]\n\n",
            "live.txt": "data: x\n\n",
        ])
        let arguments = [
            "apply", "live.rules", "--request", "GET https://api.example.com/v1/live",
            "--response", "200", "--response-stream", "live.sse",
        ]
        let text = try RewriteProcess.run(arguments, in: folder.url)
        #expect(text.status == 0, "\(text)")
        #expect(Self.section("MESSAGES", of: text.stdout) == [
            #"  1  {"n": 1}  →  {"n": 1,"seen":true}"#,
            "  2  {}  →  dropped",
            "  3  [DONE]  unchanged", "",
        ])
        // The response shown is what the app gets: the typing event is gone.
        let response = Self.section("RESPONSE", of: text.stdout)
        #expect(response.contains("  Content-Type: text/event-stream"))
        #expect(!response.contains("  event: typing"))
        let json = try RewriteProcess.run(arguments + ["--format", "json"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let messages = try #require(report["messages"] as? [[String: Any]])
        #expect(messages.map { $0["before"] as? String } == [#"{"n": 1}"#, "{}", "[DONE]"])
        #expect(messages.map { $0["after"] is NSNull } == [false, true, false])
        // --explain says on how many messages each `each message when` guard held.
        let explained = try RewriteProcess.run(arguments + ["--explain"], in: folder.url)
        let explain = Self.section("EXPLAIN", of: explained.stdout)
        #expect(explain.contains { $0.hasPrefix(#"    ✓ each message when event == "typing"   held on 1 of 3 messages"#) }, "\(explain)")
        #expect(explain.contains { $0.hasPrefix(#"    ✓ each message when json "n" exists   held on 1 of 2 messages"#) }, "\(explain)")
        // The format comes from a Content-Type header, else the file's name.
        let unknown = try RewriteProcess.run(
            ["apply", "live.rules", "--request", "GET https://api.example.com/v1/live", "--response", "200",
             "--response-stream", "live.txt"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("needs a '--response-header \"Content-Type: …\"' of a stream"))
        let typed = try RewriteProcess.run(
            ["apply", "live.rules", "--request", "GET https://api.example.com/v1/live", "--response", "200",
             "--response-header", "Content-Type: text/event-stream", "--response-stream", "live.txt"], in: folder.url)
        #expect(Self.section("MESSAGES", of: typed.stdout) == ["  1  x  unchanged", ""])
    }
}
#endif
