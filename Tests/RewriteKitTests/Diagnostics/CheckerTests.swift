import Foundation
import Testing

@testable import RewriteKit

/// Semantic diagnostics: one test per kind, exact text, positions by marker.
@Suite("Checker")
struct CheckerTests {
    @Test func actionsInTheWrongPhase() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                request { 1️⃣set-status 200 }
                response {
                    2️⃣set-url "u"; 3️⃣set-host "h"; 4️⃣set-path "/p"; 5️⃣set-scheme "http"
                    6️⃣set-query "a" "b"; 7️⃣remove-query "c"
                }
            }
            """,
            [
                "1️⃣ error: 'set-status' cannot be used in 'request'; it is a response action",
                "2️⃣ error: 'set-url' cannot be used in 'response'; it is a request action",
                "3️⃣ error: 'set-host' cannot be used in 'response'; it is a request action",
                "4️⃣ error: 'set-path' cannot be used in 'response'; it is a request action",
                "5️⃣ error: 'set-scheme' cannot be used in 'response'; it is a request action",
                "6️⃣ error: 'set-query' cannot be used in 'response'; it is a request action",
                "7️⃣ error: 'remove-query' cannot be used in 'response'; it is a request action",
            ])
    }

    @Test func statusOutsideResponseWhen() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    when 1️⃣status == 500\n    response when status == 500 { log }\n}",
            ["1️⃣ error: 'status' can only be tested in 'response when'"])
    }

    @Test func headerNamesAndValues() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                request {
                    set-header 1️⃣"X Bad" "v"
                    add-header "X-Ok" 2️⃣"a\r\nb"
                    remove-header 3️⃣"X:Y"
                    set-header 4️⃣"" "v"
                    set-header "X-Nul" 5️⃣"a\u{0}b"
                }
                respond 200 { header "X-Bell" 6️⃣"\u{7}" }
            }
            """#,
            [
                "1️⃣ error: invalid header name \"X Bad\": a space is not allowed in a header name",
                "2️⃣ error: invalid header value: it contains a carriage return (\\r), which HTTP forbids in header values",
                "3️⃣ error: invalid header name \"X:Y\": ':' is not allowed in a header name",
                "4️⃣ error: header name must not be empty",
                "5️⃣ error: invalid header value: it contains a NUL character, which HTTP forbids in header values",
                "6️⃣ error: invalid header value: it contains the control character U+0007, which HTTP forbids in header values",
            ])
    }

    @Test func computedHeadersWarn() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                request { set-header 1️⃣"Content-Length" "3"; add-header 2️⃣"host" "x"; remove-header "Connection" }
                response { set-header 3️⃣"Transfer-Encoding" "chunked" }
            }
            """,
            [
                "1️⃣ warning: header \"Content-Length\" is computed by the system; the value set here may be replaced",
                "2️⃣ warning: header \"host\" is computed by the system; the value set here may be replaced",
                "3️⃣ warning: header \"Transfer-Encoding\" is computed by the system; the value set here may be replaced",
            ])
    }

    @Test func templates() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                when host == "x"
                request { set-header "A" "1️⃣${hots} 2️⃣${headr.X} 3️⃣${2} ${0} ${env.HOME} ${json.a.b}" }
            }
            """,
            [
                "1️⃣ error: unknown template variable '${hots}'; did you mean '${host}'?",
                "2️⃣ error: unknown template variable '${headr.X}'; did you mean '${header.X}'?",
                "3️⃣ error: template refers to regex group '${2}', but the rule's regexes have no groups",
            ])
    }

    @Test func duplicateRuleNamesWithNote() throws {
        let (fixture, lines, analysis) = frontEndDiagnostics(
            "rule 1️⃣\"same\" { when host == \"a\" }\nrule 2️⃣\"same\" { when host == \"b\" }")
        #expect(lines == ["\(fixture.at(2)): error: duplicate rule name \"same\""])
        let note = try #require(analysis.diagnostics.first?.notes.first)
        #expect(note.message == "first rule named \"same\" is here")
        #expect(note.range.map { "\($0.start)" } == fixture.at(1))
    }

    @Test func clausesAfterTerminalAndDuplicateTerminals() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                respond 204
                1️⃣delay 1s
                2️⃣fail offline
            }
            """,
            [
                "1️⃣ error: 'delay' clause after terminal clause 'respond'; a terminal clause must come last",
                "2️⃣ error: duplicate terminal clause 'fail'; the rule already ends with 'respond'",
            ])
    }

    @Test func rangesOfDurationsSizesAndStatusCodes() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                when host == "x"
                delay 1️⃣2h
                cache 2️⃣0s
                throttle 3️⃣2GB/s
                response { set-status 4️⃣99 }
            }
            rule "b" { respond 5️⃣600 }
            """,
            [
                "1️⃣ error: duration '2h' is out of range for 'delay'; expected 0ms to 1h",
                "2️⃣ error: duration '0s' is out of range for 'cache'; expected 1ms to 720h",
                "3️⃣ error: rate '2GB/s' is out of range for 'throttle'; expected 1B/s to 1GB/s",
                "4️⃣ error: status code 99 is out of range; expected 100 to 599",
                "5️⃣ error: status code 600 is out of range; expected 100 to 599",
            ])
    }

    @Test func inRangesAndOperatorTypes() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                when method in 1️⃣GET
                when port in 2️⃣9..1
                when port < 3️⃣"80"
                when path ~ 4️⃣42
                when host == 5️⃣example
                when body contains 6️⃣[1]
            }
            """,
            [
                "1️⃣ error: expected a list or a range after 'in', found 'GET'",
                "2️⃣ error: range '9..1' is empty; the lower bound is greater than the upper bound",
                "3️⃣ error: operator '<' expects a number, found a string",
                "4️⃣ error: operator '~' expects a glob string or a regex, found a number",
                "5️⃣ error: unexpected bare word 'example'; expected a string, did you mean \"example\"?",
                "6️⃣ error: operator 'contains' expects a string, found a list",
            ])
    }

    @Test func invalidJSONLiteralAndPath() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                when json 1️⃣"a..b" exists
                respond 200 { body json {"a": 2️⃣} }
            }
            """,
            [
                "1️⃣ error: invalid JSON path \"a..b\": expected a key after '.', found '.' in path 'a..b'",
                "2️⃣ error: invalid JSON literal: expected a value, found '}'",
            ])
    }

    @Test func invalidRegexesAndMissingGroups() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                when path ~ /^\/v1\/(\d+)1️⃣(x$/
                when url ~ /a2️⃣)b/i
            }
            rule "b" {
                when path ~ /^\/u\/(\d+)$/
                request { set-path "/users/${1}/3️⃣${2}"; replace-body /(a)(b)/ "${2}4️⃣${3}" }
            }
            """#,
            [
                "1️⃣ error: unbalanced '(' in regex: missing ')'",
                "2️⃣ error: unbalanced ')' in regex",
                "3️⃣ error: template refers to regex group '${2}', but the rule's regexes have only 1 group",
                "4️⃣ error: template refers to regex group '${3}', but the rule's regexes have only 2 groups",
            ])
    }

    @Test func regexGroupsAreNumberedAcrossTheRulesRegexes() {
        expectFrontEndDiagnostics(
            #"""
            rule "two regexes" {
                when host ~ /^(\w+)\.example\.com$/ and path ~ /^\/v(\d+)\/(.*)$/
                request { set-path "/${1}/v${2}/${3}/1️⃣${4}" }
                response when header "X-Id" ~ /^id-(\d+)$/ {
                    set-header "X-Seen" "${4}2️⃣${5}"
                }
            }
            """#,
            [
                "1️⃣ error: template refers to regex group '${4}', but the rule's regexes have only 3 groups",
                "2️⃣ error: template refers to regex group '${5}', but the rule's regexes have only 4 groups",
            ])
    }

    @Test func unreachableRulesWarn() {
        expectFrontEndDiagnostics(
            """
            rule "catch api" {
                when host == "api"
                stop
            }
            rule 1️⃣"api users" {
                when path == "/users" and host == "api"
            }
            rule "other" { when host == "web" }
            rule "everything" { stop }
            rule 2️⃣"never" { when host == "web" }
            """,
            [
                "1️⃣ warning: rule \"api users\" can never apply: the earlier rule \"catch api\" matches everything it matches and stops",
                "2️⃣ warning: rule \"never\" can never apply: the earlier rule \"everything\" matches everything it matches and stops",
            ])
    }

    @Test func bodyFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("frontend-\(UUID().uuidString)")
        let rules = root.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{}".utf8).write(to: rules.appendingPathComponent("ok.json"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: rules.appendingPathComponent("link.txt"), withDestinationURL: root.appendingPathComponent("secret.txt"))
        expectFrontEndDiagnostics(
            """
            rule "a" { respond 200 { body file "ok.json" } }
            rule "b" { respond 200 { body file 1️⃣"missing.json" } }
            rule "c" { respond 200 { body file 2️⃣"../secret.txt" } }
            rule "d" { request { set-body file 3️⃣"/etc/passwd" } }
            rule "e" { request { set-body file 4️⃣"link.txt" } }
            rule "f" { request { set-body file "sub/../ok.json" } }
            """,
            [
                "1️⃣ error: body file \"missing.json\" does not exist",
                "2️⃣ error: body file \"../secret.txt\" is outside the rule file's folder",
                "3️⃣ error: body file \"/etc/passwd\" must be a path relative to the rule file's folder",
                "4️⃣ error: body file \"link.txt\" is outside the rule file's folder",
            ], baseDirectory: rules)
        expectFrontEndDiagnostics(
            "rule \"a\" { respond 200 { body file 1️⃣\"ok.json\" } }",
            ["1️⃣ error: cannot resolve body file \"ok.json\": the rule file has no folder (e.g. it was read from standard input)"])
    }
}
