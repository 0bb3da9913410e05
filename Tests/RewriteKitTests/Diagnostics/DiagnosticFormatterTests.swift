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
