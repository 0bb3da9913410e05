import Testing

@testable import RewriteKit

@Suite("Parser")
struct ParserTests {
    /// The syntax tree of marked text, and the diagnostics of compiling it.
    func parse(_ marked: String) -> (FrontEndFixture, RuleFile, [String]) {
        let (fixture, lines, _) = frontEndDiagnostics(marked)
        let source = SourceFile(name: "test.rules", text: fixture.text)
        return (fixture, Parser.parse(source).file, lines)
    }

    func span(_ range: SourceRange) -> String { "\(range.start)-\(range.end)" }

    @Test func ruleAndClauseRanges() throws {
        let (f, file, errors) = parse("""
            1️⃣rule 2️⃣"r"3️⃣ {
                4️⃣when 5️⃣method == GET6️⃣
                7️⃣stop8️⃣
            }9️⃣
            """)
        #expect(errors == [])
        let rule = try #require(file.rules.first)
        #expect(rule.name == "r")
        #expect(span(rule.range) == "\(f.at(1))-\(f.at(9))")
        #expect(span(rule.nameRange) == "\(f.at(2))-\(f.at(3))")
        #expect(rule.clauses.count == 2)
        #expect(span(rule.clauses[0].range) == "\(f.at(4))-\(f.at(6))")
        #expect(span(rule.clauses[1].range) == "\(f.at(7))-\(f.at(8))")
        guard case .when(let condition) = rule.clauses[0].kind, case .test(let test) = condition.kind else {
            Issue.record("expected a test")
            return
        }
        #expect(span(condition.range) == "\(f.at(5))-\(f.at(6))")
        #expect(test.subject.kind == .method)
        #expect(test.op == .equal)
        #expect(test.value?.kind == .word("GET"))
    }

    @Test func precedenceNotAndOr() throws {
        let (f, file, errors) = parse("""
            rule "p" {
                when not host == "a" and port > 80 or 1️⃣(path ~ "/x/*" or body contains "y")
            }
            """)
        #expect(errors == [])
        let condition = try #require(file.rules.first?.conditions.first)
        guard case .or(let operands) = condition.kind, operands.count == 2, case .and(let conjuncts) = operands[0].kind,
            case .not = conjuncts[0].kind, case .or = operands[1].kind
        else {
            Issue.record("wrong shape: \(condition.kind)")
            return
        }
        #expect("\(operands[1].range.start)" == f.at(1))
    }

    @Test func everySubjectAndOperator() throws {
        let (_, file, errors) = parse("""
            rule "s" {
                when method in [GET, HEAD] and scheme == "https" and port >= 443 and url starts-with "https"
                when query "page" exists and header "X-Debug" ends-with "1" and json "user.id" != 3 and body ~ /a(b)/
                when port < 2 or port <= 3 or port > 4
                response when status in 500..599 and json "$.a" == json {"x": [1]} { log }
            }
            """)
        #expect(errors == [])
        let tests = try #require(file.rules.first).clauses.flatMap { clause -> [ConditionTest] in
            switch clause.kind {
            case .when(let condition): condition.tests
            case .response(let guardCondition?, _): guardCondition.tests
            default: []
            }
        }
        #expect(tests.map(\.subject.keyword) == [
            "method", "scheme", "port", "url", "query", "header", "json", "body", "port", "port", "port", "status", "json",
        ])
        #expect(tests.map(\.op) == [
            .in, .equal, .greaterOrEqual, .startsWith, .exists, .endsWith, .notEqual, .matches, .less, .lessOrEqual,
            .greater, .in, .equal,
        ])
        #expect(tests[4].subject.kind == .query("page"))
        #expect(tests[4].value == nil)
        guard case .range(let range) = tests[11].value?.kind, case .json(let json) = tests[12].value?.kind else {
            Issue.record("wrong values")
            return
        }
        #expect(range.low == 500 && range.high == 599)
        #expect(json.text == #"{"x": [1]}"#)
    }

    @Test func everyAction() throws {
        let (_, file, errors) = parse(#"""
            rule "a" {
                request {
                    set-header "A" "1"; add-header "B" 2; remove-header "C"
                    set-query "q" "v"; remove-query "r"
                    set-url "u"; set-host "h"; set-path "/p"; set-scheme "https"
                    wrap-json "w"; inject-json "a.b" json {"c": true}; remove-json "d"
                    replace-body /x+/i "y"; set-body "text"; set-body json [1]; log; tag "t"
                }
                response { set-status 201 }
            }
            """#)
        #expect(errors == [])
        let names = try #require(file.rules.first).clauses.flatMap { clause -> [String] in
            switch clause.kind {
            case .request(let block), .response(_, let block): block.actions.map(\.name)
            default: []
            }
        }
        #expect(names == [
            "set-header", "add-header", "remove-header", "set-query", "remove-query", "set-url", "set-host", "set-path",
            "set-scheme", "wrap-json", "inject-json", "remove-json", "replace-body", "set-body", "set-body", "log", "tag",
            "set-status",
        ])
    }

    @Test func terminalAndShapingClauses() throws {
        let (f, file, errors) = parse("""
            rule "t" {
                respond 1️⃣200 {
                    header "Content-Type" "text/plain"
                    body file "fixture.json"
                }
            }
            rule "u" { fail code -1009 }
            rule "v" { delay 1.5s; throttle 64KB/s; cache 5m; stop }
            """)
        #expect(errors == [#"4:19: error: cannot resolve body file "fixture.json": the rule file has no folder (e.g. it was read from standard input)"#])
        guard case .respond(let respond) = file.rules[0].clauses[0].kind else {
            Issue.record("not respond")
            return
        }
        #expect(respond.status == 200)
        #expect("\(respond.statusRange.start)" == f.at(1))
        #expect(respond.headers.first?.name.literalValue == "Content-Type")
        #expect(respond.body?.kind == .file(path: "fixture.json", pathRange: try #require(respond.body).range.pathPart))
        #expect(file.rules[1].clauses.first?.kind == .fail(FailError(kind: .code(-1009, domain: nil), range: try #require(file.rules[1].clauses.first).range.afterKeyword)))
        let kinds = file.rules[2].clauses.map(\.kind)
        guard case .delay(let delay) = kinds[0], case .throttle(let rate) = kinds[1], case .cache(let cache) = kinds[2] else {
            Issue.record("wrong clauses")
            return
        }
        #expect(delay.milliseconds == 1500)
        #expect(rate.bytes == 64 * 1024)
        #expect(cache.seconds == 300)
        #expect(kinds[3] == .stop)
    }

    /// `fail code N domain "D" message "M"`: an app's own error, as `NSError(domain:code:userInfo:)` makes it.
    @Test func failWithDomainAndMessage() throws {
        let (_, file, errors) = parse("""
            rule "a" { fail code 402 domain "com.myapp.payments" message "Card declined" }
            rule "b" { fail timeout message "Gateway slow" }
            rule "c" {
                respond 200 { header "Content-Type" "text/event-stream"; stream { message "x" } then fail code 7 domain "com.myapp.feed" }
            }
            """)
        #expect(errors == [])
        guard case .fail(let declined) = try #require(file.rules[0].clauses.first).kind,
              case .fail(let slow) = try #require(file.rules[1].clauses.first).kind,
              case .respond(let respond) = try #require(file.rules[2].clauses.first).kind
        else {
            Issue.record("expected fail, fail, respond")
            return
        }
        #expect(declined.kind == .code(402, domain: "com.myapp.payments"))
        #expect(declined.message == "Card declined")
        #expect(declined.range.end.column == 77)
        #expect(slow.kind == .timeout && slow.message == "Gateway slow")
        #expect(respond.stream?.failure?.kind == .code(7, domain: "com.myapp.feed"))
        #expect(Compiler.requestError(declined) == RequestError(domain: "com.myapp.payments", code: 402, message: "Card declined"))
        #expect(Compiler.requestError(slow) == RequestError(code: -1001, message: "Gateway slow"))
    }

    @Test(arguments: [
        (#"rule "a" { fail code 1 domain 1️⃣}"#, #"error: expected an error domain string such as "com.myapp.payments" after 'domain', found '}'"#),
        (#"rule "a" { fail code 1 domain 1️⃣"a.${host}" }"#, "error: expected an error domain string such as \"com.myapp.payments\" without '${…}' (it is fixed when the file loads) after 'domain', found string"),
        (#"rule "a" { fail offline message 1️⃣x }"#, "error: expected the error's message string after 'message', found 'x'"),
        (#"rule "a" { fail offline 1️⃣domain "d" }"#, "error: expected end of line, found 'domain'"),
    ])
    func failErrorMistakes(marked: String, message: String) {
        let (f, _, errors) = parse(marked)
        #expect(errors.first.map { $0.hasPrefix(f.at(1) + ": " + message) } == true, "\(errors)")
    }

    @Test func oneLineBlocksAndSemicolons() {
        let (f, file, errors) = parse(#"rule "x" { request { set-url "https://a/1️⃣${1}" } ; stop }"#)
        #expect(errors == [f.at(1) + #": error: template refers to regex group '${1}', but the rule's regexes have no groups"#])
        #expect(file.rules.first?.clauses.count == 2)
    }

    /// Lists may span lines; conditions, parentheses included, end at the line break.
    @Test func multiLineListsInsideParentheses() {
        let (_, file, errors) = parse("""
            rule "m" {
                when (method in [
                    GET,
                    HEAD,
                ])
            }
            """)
        #expect(errors == [])
        #expect(file.rules.first?.conditions.count == 1)
    }

    @Test func unclosedParenthesisIsReportedOnItsOwnLineWithANoteAtIt() throws {
        let (f, lines, compilation) = frontEndDiagnostics("""
            rule "m" {
                when 1️⃣(method == GET and host == "a"2️⃣
                )
                request { log }
            }
            """)
        #expect(lines.first == f.at(2) + ": error: expected ')' to close '(' before the end of the line, found end of line")
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.identifier == "unclosed-parenthesis")
        #expect(diagnostic.notes.map(\.message) == ["'(' opened here"])
        #expect(diagnostic.notes.first?.range.map { "\($0.start)" } == f.at(1))
    }
}

extension SourceRange {
    /// For a `file "P"` body: the range of the path string (after `file `).
    fileprivate var pathPart: SourceRange {
        SourceRange(
            start: SourceLocation(line: start.line, column: start.column + 5, offset: start.offset + 5), end: end)
    }

    /// For `fail code N`: the range after `fail `.
    fileprivate var afterKeyword: SourceRange {
        SourceRange(
            start: SourceLocation(line: start.line, column: start.column + 5, offset: start.offset + 5), end: end)
    }
}
