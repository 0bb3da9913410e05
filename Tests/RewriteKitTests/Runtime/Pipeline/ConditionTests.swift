import Testing

@testable import RewriteKit

/// Every subject with every operator, on requests; GIVEN one rule with one condition,
/// WHEN a request goes through, THEN the rule applies exactly when the condition holds.
struct ConditionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let condition: String
        let holds: Bool
        var testDescription: String { "\(condition) → \(holds)" }
    }

    static let method = "POST"
    static let url = "https://API.Example.com:8443/v1/users/42?page=2&q=a%20b&flag&n=-1.5"
    static let headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8", "X-Count": "12", "X-Empty": ""]
    static let body = #"{"user": {"id": 42, "name": "Ann", "tags": ["a", "b"], "ok": true, "none": null}, "n": 1.0}"#

    static let cases: [Case] = [
        // method: case-insensitive equality, lists, globs, text tests
        Case(condition: "method == POST", holds: true),
        Case(condition: "method == post", holds: true),
        Case(condition: "method != GET", holds: true),
        Case(condition: "method in [GET, HEAD]", holds: false),
        Case(condition: "method in [GET, POST]", holds: true),
        Case(condition: "method ~ \"P*\"", holds: true),
        Case(condition: "method starts-with \"po\"", holds: true),
        // scheme
        Case(condition: "scheme == \"https\"", holds: true),
        Case(condition: "scheme == \"HTTPS\"", holds: true),
        Case(condition: "scheme != \"http\"", holds: true),
        // host: case-insensitive for every operator
        Case(condition: "host == \"api.example.com\"", holds: true),
        Case(condition: "host == \"example.com\"", holds: false),
        Case(condition: "host == \"API.EXAMPLE.COM\"", holds: true),
        Case(condition: "host != \"api.example.com\"", holds: false),
        Case(condition: "host != \"api.example.org\"", holds: true),
        Case(condition: "host == \"api.example.co\"", holds: false),
        Case(condition: "host ~ \"*.example.com\"", holds: true),
        Case(condition: "host ~ \"*.EXAMPLE.com\"", holds: true),
        Case(condition: "host ~ \"*.other.com\"", holds: false),
        Case(condition: "host in [\"x.org\", \"api.example.com\"]", holds: true),
        Case(condition: "host ends-with \"EXAMPLE.COM\"", holds: true),
        Case(condition: "host contains \"ample\"", holds: true),
        Case(condition: "host ~ /^api\\./", holds: true),
        // port: the effective port, numeric
        Case(condition: "port == 8443", holds: true),
        Case(condition: "port > 8000", holds: true),
        Case(condition: "port <= 443", holds: false),
        Case(condition: "port in 8000..9000", holds: true),
        Case(condition: "port != 443", holds: true),
        // path: encoded form
        Case(condition: "path == \"/v1/users/42\"", holds: true),
        Case(condition: "path == \"/v1/users/4\"", holds: false),
        Case(condition: "path != \"/v1/users/42\"", holds: false),
        Case(condition: "path != \"/v1/users/43\"", holds: true),
        Case(condition: "path == \"/v1/users/${query.page}2\"", holds: false),
        Case(condition: "path == \"/v1/users/4${query.page}\"", holds: true),
        Case(condition: "path != \"/v1/users/4${query.page}\"", holds: false),
        Case(condition: "not path == \"/v1/users/42\"", holds: false),
        Case(condition: "path ~ \"/v1/*\"", holds: true),
        Case(condition: "path ~ \"/v2/*\"", holds: false),
        Case(condition: "path starts-with \"/v1/\"", holds: true),
        Case(condition: "path ends-with \"/42\"", holds: true),
        Case(condition: "path contains \"users\"", holds: true),
        Case(condition: "path ~ /^\\/v1\\/users\\/(\\d+)$/", holds: true),
        Case(condition: "path ~ /USERS/i", holds: true),
        Case(condition: "path ~ /USERS/", holds: false),
        // url: the whole text
        Case(condition: "url == \"https://API.Example.com:8443/v1/users/42?page=2&q=a%20b&flag&n=-1.5\"", holds: true),
        Case(condition: "url starts-with \"https://API.\"", holds: true),
        Case(condition: "url contains \"q=a%20b\"", holds: true),
        // query: decoded values, absent parameters
        Case(condition: "query \"page\" == \"2\"", holds: true),
        Case(condition: "query \"page\" == 2", holds: true),
        Case(condition: "query \"page\" == 2.0", holds: true),
        Case(condition: "query \"page\" > 1", holds: true),
        Case(condition: "query \"q\" == \"a b\"", holds: true),
        Case(condition: "query \"flag\" exists", holds: true),
        Case(condition: "query \"flag\" == \"\"", holds: true),
        Case(condition: "query \"n\" < 0", holds: true),
        Case(condition: "query \"missing\" exists", holds: false),
        Case(condition: "not query \"missing\" exists", holds: true),
        Case(condition: "query \"missing\" == \"x\"", holds: false),
        Case(condition: "query \"missing\" != \"x\"", holds: true),
        Case(condition: "query \"missing\" contains \"\"", holds: false),
        Case(condition: "query \"q\" < 3", holds: false),
        // header: names case-insensitive, values case-sensitive
        Case(condition: "header \"content-type\" contains \"json\"", holds: true),
        Case(condition: "header \"Content-Type\" contains \"JSON\"", holds: false),
        Case(condition: "header \"Content-Type\" starts-with \"application/\"", holds: true),
        Case(condition: "header \"Content-Type\" ends-with \"utf-8\"", holds: true),
        Case(condition: "header \"Content-Type\" ~ \"application/*\"", holds: true),
        Case(condition: "header \"Content-Type\" ~ /charset=(\\S+)/", holds: true),
        Case(condition: "header \"X-Count\" == 12", holds: true),
        Case(condition: "header \"X-Count\" >= 12", holds: true),
        Case(condition: "header \"X-Count\" < 12", holds: false),
        Case(condition: "header \"X-Count\" in 10..20", holds: true),
        Case(condition: "header \"X-Count\" in [\"11\", \"12\"]", holds: true),
        Case(condition: "header \"X-Empty\" exists", holds: true),
        Case(condition: "header \"X-Empty\" == \"\"", holds: true),
        Case(condition: "header \"X-Debug\" exists", holds: false),
        Case(condition: "header \"X-Debug\" != \"on\"", holds: true),
        Case(condition: "header \"X-Debug\" == \"on\"", holds: false),
        Case(condition: "header \"X-Debug\" < 5", holds: false),
        Case(condition: "header \"Content-Type\" > 5", holds: false),
        // json: JSON equality, numbers as numbers, absent paths
        Case(condition: "json \"user.id\" == 42", holds: true),
        Case(condition: "json \"user.id\" == 42.0", holds: true),
        Case(condition: "json \"user.id\" == \"42\"", holds: false),
        Case(condition: "json \"$.user.name\" == \"Ann\"", holds: true),
        Case(condition: "json \"user.tags[1]\" == \"b\"", holds: true),
        Case(condition: "json \"user.tags\" == json [\"a\", \"b\"]", holds: true),
        Case(condition: "json \"user\" == json {\"ok\": true, \"none\": null, \"tags\": [\"a\",\"b\"], \"name\": \"Ann\", \"id\": 42e0}", holds: true),
        Case(condition: "json \"user.ok\" == true", holds: true),
        Case(condition: "json \"user.none\" == null", holds: true),
        Case(condition: "json \"user.none\" exists", holds: true),
        Case(condition: "json \"n\" == 1", holds: true),
        Case(condition: "json \"user.id\" > 41", holds: true),
        Case(condition: "json \"user.id\" in 40..45", holds: true),
        Case(condition: "json \"user.id\" in [1, 42]", holds: true),
        Case(condition: "json \"user.name\" > 1", holds: false),
        Case(condition: "json \"user.name\" starts-with \"A\"", holds: true),
        Case(condition: "json \"user.name\" ~ \"A*\"", holds: true),
        Case(condition: "json \"user.name\" ~ /^an+$/i", holds: true),
        Case(condition: "json \"user.missing\" exists", holds: false),
        Case(condition: "json \"user.missing\" != 1", holds: true),
        Case(condition: "json \"user.missing\" == null", holds: false),
        // body: text
        Case(condition: "body contains \"\\\"Ann\\\"\"", holds: true),
        Case(condition: "body starts-with \"{\"", holds: true),
        Case(condition: "body ~ /\"id\": (\\d+)/", holds: true),
        Case(condition: "body exists", holds: true),
        // combinations
        Case(condition: "method == GET or host == \"api.example.com\"", holds: true),
        Case(condition: "method == GET and host == \"api.example.com\"", holds: false),
        Case(condition: "not method == GET and not (path == \"/\" or port == 80)", holds: true),
        Case(condition: "not (method == POST)", holds: false),
    ]

    @Test(arguments: cases)
    func conditionOnRequest(_ testCase: Case) throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" {\n    when \(testCase.condition)\n    request { log }\n}\n")
        let request = try PipelineFixture.request(Self.method, Self.url, headers: Self.headers, body: Self.body)
        #expect(PipelineFixture.applied(pipeline, request) == (testCase.holds ? ["r"] : []))
    }

    @Test func absentBodyMakesBodyAndJSONTestsFalseExceptNotEqual() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "a" { when body exists
                request { log } }
            rule "b" { when json "x" == 1
                request { log } }
            rule "c" { when json "x" != 1
                request { log } }
            rule "d" { when body != "x"
                request { log } }
            """)
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "http://h/")) == ["c", "d"])
    }

    @Test func nonJSONBodyMakesJSONSubjectsAbsent() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"a\" {\n when json \"x\" exists\n request { log }\n}")
        let request = try PipelineFixture.request("POST", "http://h/", body: "x=1")
        #expect(PipelineFixture.applied(pipeline, request).isEmpty)
    }

    @Test func portIsTheSchemesDefaultWhenTheURLHasNone() throws {
        let pipeline = try PipelineFixture.pipeline("rule \"a\" {\n when port == 443\n request { log }\n}")
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "https://h/")) == ["a"])
        #expect(PipelineFixture.applied(pipeline, try PipelineFixture.request("GET", "http://h/")).isEmpty)
    }
}
