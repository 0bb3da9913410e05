import Foundation
import Testing

@testable import RewriteKit

/// The developer's configuration lays out URLs; request data never does. `${env.NAME}`
/// (the process environment, or the app's ``EvaluationEnvironment/variables``) may give a
/// scheme, a host, `HOST:PORT` or a whole base URL, as the rule's own text does, while the
/// same value arriving in a header or query parameter stays data.
@Suite("Configuration lays out URLs")
struct ConfigurationTemplateTests {
    static func pipeline(_ actions: String, variables: [String: String]) throws -> Pipeline {
        let ruleSet = try RuleSet(rules: "rule \"r\" { request { \(actions) } }", name: "config.rules")
        return Pipeline(ruleSets: [ruleSet], environment: .fixed(now: 0, variables: variables))
    }

    static func rewrite(_ actions: String, variables: [String: String], url: String = "https://api.example.com/v1/items?id=7") throws -> RequestOutcome {
        let request = try #require(HTTPRequest(method: "GET", url: url, headers: ["X-V": "127.0.0.1:8080"]))
        return try pipeline(actions, variables: variables).processRequest(request)
    }

    @Test("set-host takes HOST:PORT from the environment")
    func hostAndPort() throws {
        let outcome = try Self.rewrite(#"set-host "${env.API_HOSTPORT}""#, variables: ["API_HOSTPORT": "127.0.0.1:8080"])
        #expect(outcome.request.url.description == "https://127.0.0.1:8080/v1/items?id=7")
    }

    @Test("the same HOST:PORT from a request header stays data: refused as a host name")
    func requestDataStaysData() throws {
        let outcome = try Self.rewrite(#"set-host "${header.X-V}""#, variables: [:])
        #expect(outcome.request.url.description == "https://api.example.com/v1/items?id=7")
        #expect(TemplateInjectionTests.skippedReasons(outcome).count == 1)
    }

    @Test("a whole base URL, a scheme and a base path from configuration; request values in it stay encoded")
    func baseURL() throws {
        let variables = ["BASE": "http://localhost:9000/staging", "SCHEME": "http"]
        let base = try Self.rewrite(#"set-url "${env.BASE}${path}?q=${header.X-V}""#, variables: variables)
        #expect(base.request.url.description == "http://localhost:9000/staging/v1/items?q=127.0.0.1%3A8080")
        let scheme = try Self.rewrite(#"set-scheme "${env.SCHEME}""#, variables: variables)
        #expect(scheme.request.url.description == "http://api.example.com/v1/items?id=7")
        let path = try Self.rewrite(#"set-path "/staging/${env.STAGE_PATH}""#, variables: ["STAGE_PATH": "v2/items"])
        #expect(path.request.url.description == "https://api.example.com/staging/v2/items?id=7")
    }

    @Test("a configuration value with whitespace or a control character is refused, naming it", arguments: [
        "127.0.0.1 :8080", "127.0.0.1\t", "host\r\nX-Injected: 1", "a\u{0}b", "\u{2028}host",
    ])
    func controlCharacters(value: String) throws {
        let outcome = try Self.rewrite(#"set-host "${env.API_HOSTPORT}""#, variables: ["API_HOSTPORT": value])
        #expect(outcome.request.url.description == "https://api.example.com/v1/items?id=7")
        let reasons = TemplateInjectionTests.skippedReasons(outcome)
        #expect(reasons == ["the value of ${env.API_HOSTPORT} cannot go in the URL: it holds whitespace or a control character"])
    }
}
