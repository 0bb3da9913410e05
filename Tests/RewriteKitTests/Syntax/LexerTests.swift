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

    @Test func singleEqualsSuggestsDoubleEquals() {
        #expect(lex("a = b").diagnostics.map(\.message) == ["unexpected character '='; did you mean '=='?"])
    }
}
