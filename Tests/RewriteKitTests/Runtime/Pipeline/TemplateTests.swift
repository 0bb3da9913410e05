import Testing

@testable import RewriteKit

/// Every template variable, rendered into a header in the request phase.
struct TemplateTests {
    static let cases: [(template: String, expected: String)] = [
        ("${method}", "PUT"),
        ("${host}", "api.example.com"),
        ("${path}", "/v1/a%20b/9"),
        ("${url}", "https://Api.Example.com/v1/a%20b/9?x=1%2B2"),
        ("${header.x-in}", "in-value"),
        ("${query.x}", "1+2"),
        ("${json.user.name}", "Zoë"),
        ("${json.user}", #"{"name":"Zoë","n":3}"#),
        ("${json.user.n}", "3"),
        ("${env.API_TOKEN}", "t0k3n"),
        ("${now}", "1700000000"),
        ("${uuid}", PipelineFixture.uuid),
        ("${1}-${2}", "a%20b-9"),
        ("${0}", "/v1/a%20b/9"),
        ("[${header.missing}${query.missing}${json.missing}${env.MISSING}]", "[]"),
        ("a\\tb", "a\tb"),
    ]

    @Test(arguments: cases)
    func variable(_ template: String, _ expected: String) throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                when path ~ /^\\/v1\\/([^\\/]+)\\/(\\d+)$/
                request { set-body "\(template)" }
            }
            """)
        let request = try PipelineFixture.request(
            "PUT", "https://Api.Example.com/v1/a%20b/9?x=1%2B2", headers: ["X-In": "in-value"],
            body: #"{"user": {"name": "Zoë", "n": 3}}"#)
        #expect(pipeline.processRequest(request).request.body?.utf8Text == expected)
    }

    /// `${host}` is the host in the normal form conditions compare: lower case, IDNA.
    @Test func hostRendersInItsNormalForm() throws {
        let pipeline = try PipelineFixture.pipeline(#"rule "r" { request { set-header "X" "${host} ${url}" } }"#)
        let request = try PipelineFixture.request("GET", "https://BÜCHER.Example/a")
        #expect(pipeline.processRequest(request).request.headers["X"] == "xn--bcher-kva.example https://BÜCHER.Example/a")
    }

    @Test func missingVariablesAreTraced() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { set-header \"A\" \"${env.NOPE}\" }\n}")
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.request.headers["A"] == "")
        #expect(outcome.trace.eventList.contains(.missingVariable("env.NOPE")))
    }

    /// One pass numbers the groups and checks `${n}` against the same numbering.
    @Test func groupsAreNumberedAcrossTheRulesRegexesInSourceOrder() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                when host ~ /^(\\w+)\\.(\\w+)\\.com$/
                when path ~ /^\\/(\\w+)$/
                request { set-header "X" "${1}|${2}|${3}" }
            }
            """)
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://api.shop.com/items"))
        #expect(outcome.request.headers["X"] == "api|shop|items")
    }

    @Test func responseTemplatesReadTheResponse() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                response { set-header "X" "${header.Server} ${json.v} ${method} ${path}" }
            }
            """)
        let request = try PipelineFixture.request("POST", "http://h/p", headers: ["Server": "request"], body: #"{"v": "req"}"#)
        let response = HTTPResponse(status: 200, headers: ["Server": "nginx"], body: Array(#"{"v": "resp"}"#.utf8))
        #expect(PipelineFixture.exchange(pipeline, request, response: response).response.headers["X"] == "nginx resp POST /p")
    }

    @Test func injectJSONValueKinds() throws {
        let cases: [(String, String)] = [
            ("\"s ${method}\"", #""s POST""#), ("-1.50", "-1.50"), ("true", "true"), ("false", "false"), ("null", "null"),
            ("json {\"a\": [1, 2.0]}", #"{"a": [1, 2.0]}"#), ("now()", "1700000000"), ("uuid()", "\"\(PipelineFixture.uuid)\""),
            ("\"q\\\"uote\"", #""q\"uote""#),
        ]
        for (value, json) in cases {
            let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n request { inject-json \"v\" \(value) }\n}")
            let outcome = pipeline.processRequest(try PipelineFixture.request("POST", "http://h/", body: "{}"))
            #expect(outcome.request.body?.utf8Text == "{\"v\":\(json)}", "\(value)")
        }
    }
}
