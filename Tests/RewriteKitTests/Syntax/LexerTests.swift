import Foundation
import Testing

@testable import RewriteKit

@Suite("Lexer")
struct LexerTests {
    func lex(_ text: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        Lexer.tokenize(SourceFile(name: "t.rules", text: text))
    }

    func kinds(_ text: String) -> [TokenKind] {
        lex(text).tokens.map(\.kind)
    }

    @Test func wordsPunctuationAndOperators() {
        #expect(
            kinds("set-header == != ~ < <= > >= ( ) [ ] , ; { }")
                == [
                    .word, .equal, .notEqual, .tilde, .less, .lessOrEqual, .greater, .greaterOrEqual, .leftParen,
                    .rightParen, .leftBracket, .rightBracket, .comma, .semicolon, .leftBrace, .rightBrace, .endOfFile,
                ])
    }

    @Test func commentsAndNewlines() {
        #expect(kinds("# only a comment\nstop # trailing\n") == [.newline, .word, .newline, .endOfFile])
    }

    @Test func numbersRangesAndQuantities() {
        let tokens = lex("42 -1.5 500..599 250ms 64KB/s").tokens
        #expect(tokens.map(\.kind) == [.number, .number, .number, .dotDot, .number, .quantity, .quantity, .slash, .word, .endOfFile])
        #expect(tokens[1].payload == .number(-1.5))
        #expect(tokens[5].payload == .quantity(250, unit: "ms"))
        #expect(tokens[6].payload == .quantity(64, unit: "KB"))
    }

    @Test func stringEscapesAndTemplates() throws {
        let token = try #require(lex(#""a\"b\\c\n\t\r\u{1F600}\$ ${1} ${header.X-Id}""#).tokens.first)
        guard case .template(let template) = token.payload else {
            Issue.record("not a string")
            return
        }
        #expect(template.parts.count == 4)
        #expect(template.parts[0] == .literal("a\"b\\c\n\t\r😀$ "))
        #expect(template.variables.map(\.variable) == [.group(1), .header("X-Id")])
        #expect(template.variables[0].range.start.column == 27)
        #expect(template.variables[0].range.end.column == 31)
    }

    @Test func slashAfterValuePositionStartsRegex() throws {
        let tokens = lex(#"url ~ /^https:\/\/a\.b\/(.*)$/i"#).tokens
        #expect(tokens.map(\.kind) == [.word, .tilde, .regex, .endOfFile])
        guard case .regex(let regex) = tokens[2].payload else {
            Issue.record("not a regex")
            return
        }
        #expect(regex.pattern == #"^https://a\.b/(.*)$"#)
        #expect(regex.caseInsensitive)
        #expect(regex.patternRange.start.column == 8)
    }

    @Test func slashInsideCharacterClassDoesNotEndRegex() {
        let tokens = lex("/[/]x/").tokens
        #expect(tokens.map(\.kind) == [.regex, .endOfFile])
    }

    @Test func jsonLiteralKeepsExactTextAcrossLinesAndStrings() throws {
        let text = "body json {\"a\": \"}{\\\"\",\n  \"b\": [1, {\"c\": null}]} stop"
        let tokens = lex(text).tokens
        #expect(tokens.map(\.kind) == [.word, .word, .json, .word, .endOfFile])
        #expect(tokens[2].text == "{\"a\": \"}{\\\"\",\n  \"b\": [1, {\"c\": null}]}")
        #expect(tokens[3].range.start.line == 2)
    }

    @Test func columnsCountUnicodeScalars() {
        let tokens = lex("\"héllo😀\" stop").tokens
        #expect(tokens[1].range.start.column == 10)
        #expect(tokens[1].range.start.offset == 13)
    }

    @Test func unexpectedCharactersAreGroupedIntoOneDiagnostic() {
        let result = lex("stop @@@ stop")
        #expect(result.tokens.map(\.kind) == [.word, .invalid, .word, .endOfFile])
        #expect(result.diagnostics.map(\.message) == ["unexpected character '@@@'"])
    }

    @Test("every token's text is the source in its range, and its range's line and column are where that offset is")
    func tokenTextsAndRangesMatchTheSource() throws {
        // Every kind of token, blanks of every kind between them (runs of spaces, tabs,
        // carriage returns, form feeds), non-ASCII before and after, and the sample rules.
        var texts = [
            "rule \"é\" {\t \u{0C}when  host  ==\r\n \"x\" and (path ~ /a\\/b/ or port >= 8 or port <= 9 or port < 1 or port > 2)\n"
                + "  request { set-body json {\"a\": [1]} ; set-header \"X\" \"${json.a}\" }\n  delay 250ms; throttle 64KB/s\n"
                + "  when status in 500..599 and header \"😀\" != \"b\" @@ }\n",
        ]
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules")
        for name in try FileManager.default.contentsOfDirectory(atPath: rules.path) where name.hasSuffix(".rules") {
            texts.append(try String(contentsOf: rules.appendingPathComponent(name), encoding: .utf8))
        }
        #expect(texts.count > 5)
        for text in texts {
            let source = SourceFile(name: "t.rules", text: text)
            for token in Lexer.tokenize(source).tokens {
                #expect(token.text == source.text(in: token.range), "\(token.kind) at \(token.range.start)")
                #expect(source.location(atOffset: token.range.start.offset) == token.range.start, "\(token.kind) \(token.text)")
                #expect(source.location(atOffset: token.range.end.offset) == token.range.end, "\(token.kind) \(token.text)")
                if let fixed = token.kind.fixedText { #expect(token.text == fixed) }
            }
        }
    }

    @Test("the words that start a statement are the clause keywords and 'rule'")
    func statementWords() {
        let parser = Parser(source: SourceFile(name: "t.rules", text: ""))
        let range = SourceRange(start: SourceLocation(line: 1, column: 1, offset: 0), end: SourceLocation(line: 1, column: 1, offset: 0))
        for word in Parser.clauseKeywords + ["rule"] {
            #expect(parser.startsClause(Token(kind: .word, text: word, range: range)), "\(word)")
            #expect(!parser.startsClause(Token(kind: .string, text: word, range: range)), "\(word)")
        }
        for word in ["set-header", "and", "Rule", "when-", "", "times2", "respond_"] {
            #expect(!parser.startsClause(Token(kind: .word, text: word, range: range)), "\(word)")
        }
    }

    @Test func singleEqualsSuggestsDoubleEquals() {
        #expect(lex("a = b").diagnostics.map(\.message) == ["unexpected character '='; did you mean '=='?"])
    }
}
