import Testing

@testable import RewriteKit

/// Every example block of rule-language.md, copied verbatim: each must parse and check clean.
@Suite("Specification examples")
struct SpecExampleTests {
    /// The "A first file" example.
    static let firstFile = #"""
        # Wrap every JSON body posted to httpbin in {"wrapper": ...} and stamp the reply.
        rule "wrap httpbin payloads" {
            when method == POST and host == "httpbin.org" and path == "/post"
            when header "Content-Type" contains "json"

            request {
                wrap-json "wrapper"
                set-header "User-Agent" "ProxyApp/1.0"
            }

            response {
                inject-json "proxy_timestamp" now()
            }
        }
        """#

    @Test func firstFileParsesAndChecksClean() {
        let analysis = Compiler.compile(SourceFile(name: "firstFile.rules", text: Self.firstFile))
        #expect(analysis.diagnostics.map(\.message) == [])
        #expect(!analysis.rules.isEmpty)
    }

    /// The "Terminal clauses" example.
    static let terminalClauses = #"""
        rule "users fixture" {
            when host == "api.myapp.com" and path == "/users"
            respond 200 {
                header "Content-Type" "application/json"
                body json {"users": [{"id": 1, "name": "Test User"}]}
            }
        }

        rule "anything else on api.myapp.com is missing" {
            when host == "api.myapp.com"
            respond 404
        }

        rule "no ads" {
            when host ~ "*.ads.example.com"
            fail offline        # also: timeout, cancelled, refused, dns, or fail code -1009
        }
        """#

    @Test func terminalClausesParsesAndChecksClean() {
        let analysis = Compiler.compile(SourceFile(name: "terminalClauses.rules", text: Self.terminalClauses))
        #expect(analysis.diagnostics.map(\.message) == [])
        #expect(!analysis.rules.isEmpty)
    }

    /// The "More examples that must hold" example.
    static let moreExamples = #"""
        rule "staging" {
            when url ~ /^https:\/\/api\.myapp\.com\/v1\/(.*)$/
            request { set-url "https://staging.myapp.com/v2/${1}" }
        }

        rule "auth for my hosts only" {
            when host in ["api.myapp.com", "httpbin.org"]
            request { set-header "Authorization" "Bearer ${env.API_TOKEN}" }
        }

        rule "retry hint on server errors" {
            when host == "api.myapp.com"
            response when status in 500..599 {
                set-header "Retry-After" "5"
                inject-json "error.retryable" true
            }
        }

        rule "slow images" {
            when path ~ "/images/*"
            delay 800ms
            throttle 64KB/s
        }

        rule "cache the config" {
            when method == GET and path == "/config"
            cache 5m
        }

        rule "trace everything" {
            request { add-header "X-Request-ID" "${uuid}" }
            response { log }
        }
        """#

    @Test func moreExamplesParsesAndChecksClean() {
        let analysis = Compiler.compile(SourceFile(name: "moreExamples.rules", text: Self.moreExamples))
        #expect(analysis.diagnostics.map(\.message) == [])
        #expect(!analysis.rules.isEmpty)
    }

    /// All examples, for tests that want to walk them.
    static let all = [firstFile, terminalClauses, moreExamples]
}
