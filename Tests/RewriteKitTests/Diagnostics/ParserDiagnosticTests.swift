import Testing

@testable import RewriteKit

/// Lexer and parser diagnostics: one test per kind, exact text, positions by marker.
@Suite("Parser diagnostics")
struct ParserDiagnosticTests {
    /// Language decisions: conditions end at the line break; the diagnostic says how to go on.
    @Test func conditionContinuedOnTheNextLine() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    when host == \"x\"\n    1️⃣or path == \"/y\"\n    stop\n}",
            ["1️⃣ error: a condition ends at the line break, so a line cannot start with 'or'; write the whole condition on one line"])
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    when (host == \"x\"\n        1️⃣or path == \"/y\")\n    stop\n}",
            ["1️⃣ error: a condition ends at the line break, so a line cannot start with 'or'; write the whole condition on one line"])
    }

    @Test func emptyRuleName() {
        expectFrontEndDiagnostics("rule 1️⃣\"\" { stop }", ["1️⃣ error: rule name must not be empty"])
    }

    /// "after" quotes what was written, never a word the file does not hold.
    @Test func expectedValueAfterQuotesTheSource() {
        expectFrontEndDiagnostics(
            "rule \"a\" { request { set-header \"X\" now 1️⃣() } }",
            ["1️⃣ error: expected a value after 'now', found '('"])
        expectFrontEndDiagnostics(
            "rule \"a\" { request { inject-json \"a\" 1️⃣, } }",
            ["1️⃣ error: expected a value after '\"a\"', found ','"])
    }

    @Test func unterminatedString() {
        expectFrontEndDiagnostics("rule \"a\" {\n    when host == 1️⃣\"abc\n}", ["1️⃣ error: unterminated string literal"])
    }

    @Test func unterminatedRegex() {
        expectFrontEndDiagnostics("rule \"a\" {\n    when path ~ 1️⃣/abc\n}", ["1️⃣ error: unterminated regex literal"])
    }

    @Test func unterminatedJSON() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    respond 200 { body json 1️⃣{\"a\": [12️⃣",
            [
                "1️⃣ error: unterminated JSON literal",
                "2️⃣ error: expected '}' to close 'respond' block, found end of file",
                "2️⃣ error: expected '}' to close rule \"a\", found end of file",
            ])
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    respond 200 { body json {\"a\": [1 1️⃣}\n}2️⃣",
            [
                "1️⃣ error: invalid JSON literal: expected ']', found '}'",
                "2️⃣ error: expected '}' to close rule \"a\", found end of file",
            ])
    }

    @Test func unterminatedTemplate() {
        expectFrontEndDiagnostics(
            "rule \"a\" { request { set-url \"x1️⃣${host\" } }", ["1️⃣ error: unterminated '${' in string; expected '}'"])
    }

    @Test func invalidEscapes() {
        expectFrontEndDiagnostics(
            #"rule "a" { request { tag "1️⃣\q 2️⃣\u{110000}" } }"#,
            [
                "1️⃣ error: invalid escape sequence '\\q' in string",
                "2️⃣ error: invalid unicode escape '\\u{110000}'; expected 1 to 6 hex digits naming a unicode scalar",
            ])
    }

    @Test func unexpectedCharacter() {
        expectFrontEndDiagnostics("rule \"a\" { 1️⃣@ }", ["1️⃣ error: unexpected character '@'"])
    }

    @Test func unknownRegexFlag() {
        expectFrontEndDiagnostics(
            "rule \"a\" { when path ~ /x/i1️⃣g }", ["1️⃣ error: unknown regex flag 'g'; only 'i' is supported"])
    }

    @Test func expectedConditionAfterAnd() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    response when status == 500 and 1️⃣{ log }\n}",
            ["1️⃣ error: expected a condition after 'and', found '{'"])
    }

    @Test func unknownSubjectOperatorActionKeywordClauseError() {
        expectFrontEndDiagnostics(
            """
            1️⃣rul "a" {
                when 2️⃣hots == "x"
                when host 3️⃣contain "x"
                request { 4️⃣wrap-jsn "w" }
                5️⃣reqest { log }
                fail 6️⃣ofline
            }
            """,
            [
                "1️⃣ error: unknown keyword 'rul'; did you mean 'rule'?",
                "2️⃣ error: unknown subject 'hots'; did you mean 'host'?",
                "3️⃣ error: unknown operator 'contain'; did you mean 'contains'?",
                "4️⃣ error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?",
                "5️⃣ error: unknown clause 'reqest'; did you mean 'request'?",
                "6️⃣ error: unknown error 'ofline'; did you mean 'offline'?",
            ])
    }

    @Test func unknownWordsCarryFixIts() throws {
        let (_, _, analysis) = frontEndDiagnostics("rule \"a\" { request { wrap-jsn \"w\" } }")
        let fixIt = try #require(analysis.diagnostics.first?.fixIt)
        #expect(fixIt.replacement == "wrap-json")
        #expect(fixIt.range.start.column == 22)
    }

    @Test func argumentCountAndType() {
        expectFrontEndDiagnostics(
            """
            rule "a" {
                request {
                    1️⃣set-header "X"
                    2️⃣log "extra"
                    set-header 3️⃣42 "v"
                    replace-body 4️⃣"x" "y"
                    set-body 5️⃣42
                }
            }
            """,
            [
                "1️⃣ error: 'set-header' takes 2 arguments (NAME VALUE), found 1",
                "2️⃣ error: 'log' takes no arguments, found 1",
                "3️⃣ error: expected a header name string for 'set-header', found a number",
                "4️⃣ error: expected a regex literal for 'replace-body', found a string",
                "5️⃣ error: expected a body: a string, 'json {...}', 'file \"PATH\"' or 'multipart { ... }' after 'set-body', found '42'",
            ])
    }

    @Test func nestingTooDeep() {
        let text = "rule \"a\" { when " + String(repeating: "(", count: 300) + "host == \"x\"" + String(repeating: ")", count: 300) + " }"
        let (_, lines, _) = frontEndDiagnostics(text)
        #expect(lines == ["1:217: error: expression nests more than 200 levels deep"])
    }

    @Test func unitsAndRates() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    delay 1️⃣5sec\n    throttle 64KB2️⃣\n    cache 3️⃣64KB\n    throttle 4️⃣64kb/s\n}",
            [
                "1️⃣ error: unknown unit 'sec' in '5sec'; expected ms, s, m, h or B, KB, MB, GB",
                "2️⃣ error: expected a rate like '64KB/s' after 'throttle', found end of line",
                "3️⃣ error: expected a duration such as '250ms', '2s' or '5m' after 'cache', found '64KB'",
                "4️⃣ error: unknown unit 'kb' in '64kb'; did you mean 'KB'?",
            ])
    }

    @Test func missingClosingBraces() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    when host == \"h\"\n    request { log\n    1️⃣stop\n2️⃣rule \"b\" { stop }",
            [
                "1️⃣ error: expected '}' to close 'request' block, found 'stop'",
                "2️⃣ error: expected '}' to close rule \"a\", found 'rule'",
            ])
    }

    @Test func respondItemsAndStatus() {
        expectFrontEndDiagnostics(
            "rule \"a\" {\n    respond 200 { 1️⃣hedaer \"A\" \"b\" }\n}\nrule \"b\" { respond 2️⃣OK }",
            [
                "1️⃣ error: unknown respond item 'hedaer'; did you mean 'header'?",
                "2️⃣ error: expected a status code after 'respond', found 'OK'",
            ])
    }

    @Test func expectedRuleAtTopLevel() {
        expectFrontEndDiagnostics("1️⃣when host == \"x\"\n2️⃣}", [
            "1️⃣ error: expected 'rule', found 'when'",
            "2️⃣ error: expected 'rule', found '}'",
        ])
    }
}
