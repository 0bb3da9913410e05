import Testing

@testable import RewriteKit

/// Which rules apply and in what order: file order, `stop`, terminal clauses, response
/// guards, shaping.
struct SemanticsTests {
    @Test func everyMatchingRuleAppliesInFileOrder() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "a" { request { add-header "X-Order" "a" } }
            rule "b" {
                when host == "other.example"
                request { add-header "X-Order" "b" }
            }
            rule "c" {
                when method == GET
                request { add-header "X-Order" "c" }
            }
            rule "d" { request { add-header "X-Order" "d" } }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h.example/"))
        #expect(outcome.appliedRules.map(\.name) == ["a", "c", "d"])
        #expect(outcome.request.headers.values(for: "X-Order") == ["a", "c", "d"])
    }

    @Test func admissionStopsAtTheRuleThatAnswersUnlessItsUsesCanRunOut() throws {
        // The rules after one that holds and answers (or stops) are not tested in `canInit`;
        // a `times` rule may be used up, so the rules after it still are. The request phase
        // run from either admission applies what a direct run applies.
        let pipeline = try PipelineFixture.pipeline("""
            rule "log" {
                when path starts-with "/users/"
                request { add-header "X-Seen" "1" }
            }
            rule "body" {
                when json "id" == 7
                request { add-header "X-Id" "7" }
            }
            rule "stub" {
                when path == "/users/7"
                respond 200 { body "seven" }
            }
            rule "after" {
                when path starts-with "/users/"
                request { add-header "X-After" "1" }
            }
            rule "limited" {
                when path == "/users/8"
                times 1
                respond 200 { body "eight" }
            }
            rule "stop" {
                when path == "/users/9"
                stop
            }
            rule "last" {
                when path starts-with "/users/"
                request { add-header "X-Last" "1" }
            }
            """)
        let counts = RuleUseCounts()
        func admitted(_ path: String) throws -> [String] {
            pipeline.admit(try PipelineFixture.request("GET", "http://h.example\(path)")).candidates.map { pipeline.rules[$0.position].reference.name }
        }
        #expect(try admitted("/users/7") == ["log", "body", "stub"])
        #expect(try admitted("/users/8") == ["log", "body", "after", "limited", "last"])
        #expect(try admitted("/users/9") == ["log", "body", "after", "stop"])
        for path in ["/users/7", "/users/8", "/users/9"] {
            let request = try PipelineFixture.request("GET", "http://h.example\(path)")
            let direct = pipeline.processRequest(request, counts: RuleUseCounts())
            let viaAdmission = pipeline.processRequest(request, admission: pipeline.admit(request), counts: counts)
            #expect(direct.appliedRules == viaAdmission.appliedRules, "\(path)")
        }
    }

    @Test func stopEndsConsiderationButTheStopRuleApplies() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "a" { request { add-header "X" "a" } }
            rule "b" {
                when path == "/s"
                request { add-header "X" "b" }
                response { add-header "Y" "b" }
                stop
            }
            rule "c" {
                request { add-header "X" "c" }
                response { add-header "Y" "c" }
            }
            """)
        let stopped = PipelineFixture.exchange(pipeline, try PipelineFixture.request("GET", "http://h/s"), response: HTTPResponse(status: 200))
        #expect(stopped.outcome.appliedRules.map(\.name) == ["a", "b"])
        #expect(stopped.outcome.request.headers.values(for: "X") == ["a", "b"])
        #expect(stopped.response.headers.values(for: "Y") == ["b"])
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "http://h/t")) == ["a", "c"])
    }

    @Test func conditionsSeeTheRequestAsTheAppMadeIt() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "move" {
                when host == "a.example"
                request { set-host "b.example" }
            }
            rule "on a" {
                when host == "a.example"
                request { set-header "X-Host" "${host}" }
            }
            rule "on b" { when host == "b.example" }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://a.example/"))
        #expect(outcome.appliedRules.map(\.name) == ["move", "on a"])
        #expect(outcome.request.headers["X-Host"] == "b.example")
    }

    @Test func respondEndsTheRequestPhaseAndEarlierResponseActionsRunOnTheStub() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "before" {
                request { set-header "X-Before" "1" }
                response { set-header "X-Seen-By" "before" }
            }
            rule "users fixture" {
                when host == "api.myapp.com" and path == "/users"
                respond 200 {
                    header "X-Echo" "${header.X-Before}"
                    body json {"users": [{"id": 1, "name": "Test User"}]}
                }
            }
            rule "after" {
                request { set-header "X-After" "1" }
                response { set-header "X-After" "1" }
            }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "https://api.myapp.com/users"))
        #expect(outcome.appliedRules.map(\.name) == ["before", "users fixture"])
        #expect(!outcome.request.headers.contains("X-After"))
        guard case .respond(let stub) = outcome.disposition else {
            Issue.record("expected a stub, got \(outcome.disposition)")
            return
        }
        #expect(stub.status == 200)
        #expect(stub.body.utf8Text == #"{"users": [{"id": 1, "name": "Test User"}]}"#)
        #expect(stub.headers.map { "\($0.name): \($0.value)" } == ["X-Echo: 1", "Content-Type: application/json"])
        let final = pipeline.processResponse(stub, for: outcome).response
        #expect(final.headers["X-Seen-By"] == "before")
        #expect(!final.headers.contains("X-After"))
    }

    @Test func respondWithoutBodyAndWithTextBody() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "text" {
                when path == "/t"
                respond 201 { body "made ${method}" }
            }
            rule "missing" { respond 404 }
            """)
        let text = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/t"))
        #expect(text.disposition == .respond(HTTPResponse(status: 201, body: Array("made POST".utf8))))
        #expect(pipeline.processRequest(try PipelineFixture.request("GET", "http://h/x")).disposition == .respond(HTTPResponse(status: 404)))
    }

    @Test(arguments: [("offline", -1009), ("timeout", -1001), ("cancelled", -999), ("refused", -1004), ("dns", -1003), ("code -1200", -1200)])
    func failCodes(_ error: String, _ code: Int) throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                response { set-header "A" "b" }
            }
            rule "no ads" {
                when host ~ "*.ads.example.com"
                fail \(error)
            }
            rule "later" { request { set-header "X" "1" } }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "https://x.ads.example.com/banner"))
        #expect(outcome.disposition == .fail(RequestError(code: code)))
        #expect(outcome.appliedRules.map(\.name) == ["r", "no ads"])
        #expect(!outcome.hasResponseActions)
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "https://ads.example.com/")) == ["r", "later"])
    }

    @Test func responseGuardsTestTheResponse() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "retry hint on server errors" {
                when host == "api.myapp.com"
                response when status in 500..599 {
                    set-header "Retry-After" "5"
                    inject-json "error.retryable" true
                }
                response when header "X-Kind" == "a" and json "n" > 1 { set-header "X-Guard" "yes" }
                response { set-header "X-Always" "1" }
            }
            """)
        let request = try PipelineFixture.request("GET", "https://api.myapp.com/x", headers: ["X-Kind": "a"])
        let failing = HTTPResponse(status: 503, body: Array(#"{"error": {"code": 1}}"#.utf8))
        let result = PipelineFixture.exchange(pipeline, request, response: failing)
        #expect(result.response.headers.map { "\($0.name): \($0.value)" } == ["Retry-After: 5", "X-Always: 1"])
        #expect(result.response.body.utf8Text == #"{"error": {"code": 1,"retryable":true}}"#)
        #expect(result.outcome.responseNeedsBody)
        let fine = HTTPResponse(status: 200, headers: ["X-Kind": "a"], body: Array(#"{"n": 2}"#.utf8))
        let ok = PipelineFixture.exchange(pipeline, request, response: fine)
        #expect(ok.response.headers.map { "\($0.name): \($0.value)" } == ["X-Kind: a", "X-Guard: yes", "X-Always: 1"])
        #expect(ok.response.body.utf8Text == #"{"n": 2}"#)
        #expect(ok.trace.eventList.contains(.guardFailed))
    }

    @Test("a value from the JSON body, compared with or rendered, makes its phase read the body")
    func valuesFromTheJSONBodyNeedTheBody() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "compared" {
                when header "X-Id" == "${json.id}"
                request { set-header "X-A" "1" }
            }
            rule "in a list" {
                when header "X-Kind" in ["none", "${json.kind}"]
                request { set-header "X-B" "1" }
            }
            rule "guarded" {
                when path == "/guarded"
                response when header "X-Id" == "${json.id}" { set-header "X-C" "1" }
            }
            rule "rendered" {
                when path == "/rendered"
                response { set-header "X-Id" "${json.id}" }
            }
            rule "streamed" {
                when path == "/streamed"
                respond 200 {
                    header "Content-Type" "application/x-ndjson"
                    stream { message "${json.id}" }
                }
            }
            rule "configured" {
                when header "X-Stage" == "${env.STAGE}"
                response { set-header "X-Stage-Seen" "${env.STAGE}" }
            }
            """)
        let rules = Dictionary(uniqueKeysWithValues: pipeline.rules.map { ($0.reference.name, $0) })
        #expect(rules["compared"]?.requestNeedsBody == true)
        #expect(rules["in a list"]?.requestNeedsBody == true)
        #expect(rules["guarded"]?.responseNeedsBody == true)
        #expect(rules["rendered"]?.responseNeedsBody == true)
        #expect(rules["streamed"]?.requestNeedsBody == true)
        #expect(rules["configured"]?.requestNeedsBody == false)
        #expect(rules["configured"]?.responseNeedsBody == false)
        let request = try PipelineFixture.request(
            "POST", "https://api.example.com/x", headers: ["X-Id": "7", "X-Kind": "k"], body: #"{"id":"7","kind":"k"}"#)
        #expect(PipelineFixture.applied(pipeline, request) == ["compared", "in a list"])
        let response = HTTPResponse(status: 200, headers: ["X-Id": "5"], body: Array(#"{"id":"5"}"#.utf8))
        let guarded = PipelineFixture.exchange(pipeline, try PipelineFixture.request("GET", "https://api.example.com/guarded"), response: response)
        #expect(guarded.outcome.responseNeedsBody)
        #expect(guarded.response.headers["X-C"] == "1")
        let rendered = PipelineFixture.exchange(
            pipeline, try PipelineFixture.request("GET", "https://api.example.com/rendered"),
            response: HTTPResponse(status: 200, body: Array(#"{"id":"9"}"#.utf8)))
        #expect(rendered.outcome.responseNeedsBody)
        #expect(rendered.response.headers["X-Id"] == "9")
    }

    @Test func shapingLastOneWinsAndCacheOnlyForGET() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "slow images" {
                when path ~ "/images/*"
                delay 800ms
                throttle 64KB/s
            }
            rule "slower" {
                when path ~ "/images/big/*"
                delay 2s
            }
            rule "cache the config" {
                when path ~ "/images/*"
                cache 5m
            }
            """)
        let get = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/images/big/a.png"))
        #expect(get.delay == 2)
        #expect(get.throttleBytesPerSecond == 65536)
        #expect(get.cacheLifetime == 300)
        let post = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/images/a.png"))
        #expect(post.delay == 0.8)
        #expect(post.cacheLifetime == nil)
    }

    @Test func noRuleMeansPassThrough() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n when host == \"x\"\n request { log }\n}")
        let request = try PipelineFixture.request("GET", "http://y/")
        let outcome = pipeline.processRequest(request)
        #expect(outcome.isPassThrough)
        #expect(outcome.request == request)
        #expect(outcome.trace.isEmpty)
        #expect(!outcome.hasResponseActions)
        #expect(!pipeline.mightApply(to: request))
        let response = HTTPResponse(status: 200, body: [1, 2])
        #expect(pipeline.processResponse(response, for: outcome).response == response)
    }

    @Test func mightApplyUsesCheapConditionsAndTreatsUnknownBodiesAsMight() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "json" {
                when host == "a.example" and json "kind" == "x"
                request { log }
            }
            rule "not body" {
                when host == "b.example" and not body contains "secret"
                request { log }
            }
            """)
        #expect(pipeline.mightApply(to: try PipelineFixture.request("POST", "http://a.example/")))
        #expect(!pipeline.mightApply(to: try PipelineFixture.request("POST", "http://a.example/", body: #"{"kind": "y"}"#)))
        #expect(pipeline.mightApply(to: try PipelineFixture.request("POST", "http://a.example/", body: #"{"kind": "x"}"#)))
        #expect(pipeline.mightApply(to: try PipelineFixture.request("POST", "http://b.example/")))
        #expect(!pipeline.mightApply(to: try PipelineFixture.request("POST", "http://c.example/")))
    }

    @Test func tutorialExample() throws {
        let pipeline = try PipelineFixture.pipeline(try #require(RuleLanguageDocument.specificationExamples.first))
        let request = try PipelineFixture.request(
            "POST", "https://httpbin.org/post", headers: ["Content-Type": "application/json", "User-Agent": "App/2"],
            body: #"{"hello":"world"}"#)
        let outcome = pipeline.processRequest(request)
        #expect(outcome.request.body?.utf8Text == #"{"wrapper":{"hello":"world"}}"#)
        #expect(outcome.request.headers["User-Agent"] == "ProxyApp/1.0")
        let reply = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"json": {"wrapper": {"hello": "world"}}}"#.utf8))
        let final = pipeline.processResponse(reply, for: outcome).response
        #expect(final.body.utf8Text == #"{"json": {"wrapper": {"hello": "world"}},"proxy_timestamp":1700000000}"#)
        #expect(!pipeline.mightApply(to: try PipelineFixture.request("GET", "https://httpbin.org/post")))
    }
}
