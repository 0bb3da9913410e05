import Testing

@testable import RewriteKit

/// The rendered text, pinned exactly.
@Suite("Diagnostic formatter")
struct DiagnosticFormatterTests {
    @Test func errorWithCaretTildesAndFixIt() {
        let (f, text) = renderedFrontEndDiagnostics("""
            rule "a" {
                request {
                    1️⃣wrap-jsn "wrapper"
                }
            }
            """, name: "api.rules")
        #expect(text == """
            api.rules:\(f.at(1)): error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?
                    wrap-jsn "wrapper"
                    ^~~~~~~~
                    wrap-json

            """)
    }

    @Test func singleCharacterRangeHasNoTildes() {
        let (f, text) = renderedFrontEndDiagnostics("rule \"a\" {\n    response when status == 500 and 1️⃣{ log }\n}")
        #expect(text == """
            test.rules:\(f.at(1)): error: expected a condition after 'and', found '{'
                response when status == 500 and { log }
            \(String(repeating: " ", count: 36))^

            """)
    }

    @Test func notesAreRenderedWithTheirOwnSourceLine() {
        let (f, text) = renderedFrontEndDiagnostics("rule 1️⃣\"x\" { when host == \"a\" }\nrule 2️⃣\"x\" { when host == \"b\" }")
        #expect(text == """
            test.rules:\(f.at(2)): error: duplicate rule name "x"
            rule "x" { when host == "b" }
                 ^~~
            test.rules:\(f.at(1)): note: first rule named "x" is here
            rule "x" { when host == "a" }
                 ^~~

            """)
    }

    @Test func warningsAndTabsAndUnicode() {
        let (f, text) = renderedFrontEndDiagnostics("rule \"é😀\" {\n\trequest { tag \"ü\"; set-header 1️⃣\"Content-Length\" \"1\" }\n}")
        #expect(text == """
            test.rules:\(f.at(1)): warning: header "Content-Length" is computed by the system; the value set here may be replaced [computed-header]
            \trequest { tag "ü"; set-header "Content-Length" "1" }
            \t                              ^~~~~~~~~~~~~~~~

            """)
    }

    @Test func caretsLineUpUnderWideCharactersAndEscapes() {
        // Two emoji and two CJK characters take two columns each on a terminal.
        let (f, text) = renderedFrontEndDiagnostics("rule \"a\" {\n    when host == \"😀😀\" and header \"漢字\" == \"x\" and 1️⃣pth == \"x\"\n}")
        #expect(text == """
            test.rules:\(f.at(1)): error: unknown subject 'pth'; did you mean 'path'?
                when host == "😀😀" and header "漢字" == "x" and pth == "x"
            \(String(repeating: " ", count: 53))^~~
            \(String(repeating: " ", count: 53))path

            """)
    }

    @Test func controlCharactersFromTheFileAreShownEscaped() {
        let (f, text) = renderedFrontEndDiagnostics("rule \"a\" {\n    when host == \"\u{1B}[31m\" and 1️⃣pth == \"\u{7}\"\n}")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "nothing raw reaches the terminal")
        #expect(text == """
            test.rules:\(f.at(1)): error: unknown subject 'pth'; did you mean 'path'?
                when host == "<U+001B>[31m" and pth == "<U+0007>"
            \(String(repeating: " ", count: 36))^~~
            \(String(repeating: " ", count: 36))path

            """)
        let source = SourceFile(name: "m.rules", text: "x")
        let message = Diagnostic(.error, DiagnosticMessage(.syntax, "unknown action 'a\u{1B}]0;title\u{7}'"), file: "m.rules",
                                 range: SourceRange(start: source.location(atOffset: 0), end: source.location(atOffset: 1)))
        #expect(DiagnosticFormatter(source: source).format(message).hasPrefix("m.rules:1:1: error: unknown action 'a<U+001B>]0;title<U+0007>'"))
    }

    @Test func colourOnlyWhenAsked() {
        let source = SourceFile(name: "c.rules", text: "rule \"a\" { when pth == \"x\" }")
        let diagnostics = Compiler.compile(source).diagnostics
        let plain = DiagnosticFormatter(source: source).format(diagnostics)
        let colored = DiagnosticFormatter(source: source, colored: true).format(diagnostics)
        #expect(!plain.contains("\u{1B}["))
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"), "errors in red, as clang")
        #expect(colored.contains("\u{1B}[1;32m^~~\u{1B}[0m"), "the caret in green")
        let warning = SourceFile(name: "w.rules", text: "rule \"a\" { request { set-header \"Content-Length\" \"1\" } }")
        #expect(DiagnosticFormatter(source: warning, colored: true).format(Compiler.compile(warning).diagnostics)
            .contains("\u{1B}[1;35mwarning:\u{1B}[0m"), "warnings in magenta")
    }

    @Test func multiLineRangeUnderlinesToEndOfFirstLine() {
        let source = SourceFile(name: "m.rules", text: "abc def\nghi")
        let diagnostic = Diagnostic(
            .error, DiagnosticMessage(.syntax, "spans lines"), file: "m.rules",
            range: SourceRange(start: source.location(atOffset: 4), end: source.location(atOffset: 10)))
        #expect(DiagnosticFormatter(source: source).format(diagnostic) == "m.rules:1:5: error: spans lines\nabc def\n    ^~~")
    }

    @Test func errorAtEndOfFileAfterLastCharacter() {
        let (f, text) = renderedFrontEndDiagnostics("rule \"a\" { when host ==1️⃣")
        #expect(text == """
            test.rules:\(f.at(1)): error: expected a value after '==', found end of file
            rule "a" { when host ==
                                   ^
            test.rules:\(f.at(1)): error: expected '}' to close rule "a", found end of file
            rule "a" { when host ==
                                   ^

            """)
    }

    @Test func summaries() {
        #expect(DiagnosticFormatter.summary(errors: 2, warnings: 1, files: 3) == "2 errors, 1 warning in 3 files")
        #expect(DiagnosticFormatter.summary(errors: 1, warnings: 0, files: 1) == "1 error in 1 file")
        #expect(DiagnosticFormatter.summary(errors: 0, warnings: 2, files: 2) == "2 warnings in 2 files")
        #expect(DiagnosticFormatter.summary(errors: 0, warnings: 0, files: 1) == "no problems in 1 file")
    }

    @Test func lineTable() {
        let source = SourceFile(name: "t", text: "ab\r\nc😀d\n")
        #expect(source.lineCount == 3)
        #expect(source.lineText(1) == "ab")
        #expect(source.lineText(2) == "c😀d")
        #expect(source.lineText(3) == "")
        #expect(source.lineText(4) == nil)
        #expect(source.location(atOffset: 9) == SourceLocation(line: 2, column: 3, offset: 9))
    }

    @Test func suggestions() {
        #expect(Suggestions.closest(to: "wrap-jsn", in: ActionKeyword.names) == "wrap-json")
        #expect(Suggestions.closest(to: "hots", in: ConditionSubject.keywords) == "host")
        #expect(Suggestions.closest(to: "GET", in: ["get"]) == "get")
        #expect(Suggestions.closest(to: "zzzzzz", in: ActionKeyword.names) == nil)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    }
}
