import RewriteTestSupport
import Testing

@testable import RewriteKit

/// A large file is compiled in parts on several threads; what it gives must be exactly what
/// compiling it as a whole gives: the same rules in the same order, the same warnings and
/// errors of the checks that span rules (duplicate names, shadowing across parts), and the
/// whole file's own diagnostics whenever a part cannot be read alone.
@Suite("Compiler, a file in parts")
struct CompilerPartsTests {
    /// Rules of every clause kind, a multi-line JSON literal among them; the `n`th rule.
    static func rule(_ number: Int) -> String {
        switch number % 6 {
        case 0:
            return """
                rule "r\(number)" {
                    when host == "h\(number).example.com" and path ~ /^\\/items\\/(\\d+)$/
                    request { set-header "X-Item" "${1}" }
                }

                """
        case 1:
            return """
                rule "r\(number)" {
                    when path ~ "/p\(number)/*"
                    respond 200 {
                        header "Content-Type" "application/json"
                        body json {
                            "rule": \(number),
                            "list": [1, 2, {"nested": "value"}]
                        }
                    }
                }

                """
        case 2:
            return """
                rule "r\(number)" {
                    when method in [POST, PUT] and header "X-Tenant" == "t\(number)"
                    request { wrap-json "data" }
                    response when status == 200 { inject-json "meta.rule" "\(number)" }
                }

                """
        case 3:
            return "rule \"r\(number)\" {\n    when host ~ \"*.w\(number).com\"\n    delay 5ms\n    times 3\n}\n\n"
        case 4:
            return "# rule \"commented out\" { }\nrule \"r\(number)\" { when query \"q\" == \"\(number)\"; request { remove-header \"Cookie\" } }\n"
        default:
            return "rule \"r\(number)\" {\n    when host == \"s\(number).example.com\"\n    fail timeout\n}\n\n"
        }
    }

    static func file(rules count: Int, extra: [Int: String] = [:]) -> SourceFile {
        var text = ""
        for number in 0..<count {
            text += extra[number] ?? ""
            text += rule(number)
        }
        return SourceFile(name: "parts.rules", text: text)
    }

    /// Everything a compilation gives that a user or the runtime sees.
    static func described(_ compilation: Compilation, source: SourceFile) -> [String] {
        compilation.rules.map { "\($0.reference) \($0.captureCount) \($0.stops) \($0.requestNeedsBody)" }
            + [DiagnosticFormatter(source: source).format(compilation.diagnostics)]
    }

    @Test(arguments: [2, 3, 7])
    func partsGiveTheWholeFilesRules(parts: Int) throws {
        let source = Self.file(rules: 600)
        let whole = Compiler.compileAsWhole(source)
        #expect(whole.diagnostics.isEmpty, "\(whole.diagnostics.prefix(2))")
        let parted = try #require(Compiler.compileInParts(source, into: parts), "the file is compiled in parts")
        #expect(parted.rules.count == 600)
        #expect(Self.described(parted, source: source) == Self.described(whole, source: source))

        // The same rules do the same thing to requests that reach different parts.
        let requests = [
            HTTPRequest(method: "GET", url: "https://h0.example.com/items/42"),
            HTTPRequest(method: "GET", url: "https://h594.example.com/items/7"),
            HTTPRequest(method: "GET", url: "https://x.example.com/p301/a"),
            HTTPRequest(method: "POST", url: "https://x.example.com/", headers: ["X-Tenant": "t596"], body: Array(#"{"a":1}"#.utf8)),
        ].compactMap { $0 }
        #expect(requests.count == 4)
        let partedPipeline = Pipeline(rules: parted.rules, environment: .fixed(now: 0))
        let wholePipeline = Pipeline(rules: whole.rules, environment: .fixed(now: 0))
        for request in requests {
            let lhs = partedPipeline.processRequest(request)
            let rhs = wholePipeline.processRequest(request)
            #expect(lhs.appliedRules == rhs.appliedRules, "\(request.url)")
            #expect(!lhs.appliedRules.isEmpty, "\(request.url)")
            #expect(lhs.request.headers == rhs.request.headers)
            #expect(lhs.request.body == rhs.request.body)
        }
    }

    @Test
    func checksThatSpanRulesSeeEveryPart() throws {
        // A stopping rule early shadows a rule near the end; a name is used again far away;
        // a stopping rule in a later part shadows a rule after it.
        let source = Self.file(
            rules: 600,
            extra: [
                3: "rule \"stop all tenants\" {\n    when method in [POST, PUT]\n    stop\n}\n",
                550: "rule \"r10\" { when host == \"dup.example.com\" }\n",
                560: "rule \"stop s\" {\n    when host == \"s563.example.com\"\n    stop\n}\n",
            ])
        let parted = try #require(Compiler.compileInParts(source, into: 3), "the file is compiled in parts")
        let whole = Compiler.compileAsWhole(source)
        let rendered = DiagnosticFormatter(source: source).format(whole.diagnostics)
        #expect(rendered.contains("duplicate rule name \"r10\""))
        #expect(whole.diagnostics.filter { !$0.isError }.count > 90, "every later tenant rule is shadowed")
        #expect(Self.described(parted, source: source) == Self.described(whole, source: source))
    }

    @Test
    func theCompilersOwnErrorsAndWarningsInEveryPartAreKept() throws {
        // Rule-local problems the parser does not see: a computed header (a warning), a regex
        // that does not compile and a JSON path that does not parse (errors), in each part,
        // beside a name used again across parts.
        var extra: [Int: String] = [:]
        for number in stride(from: 7, to: 600, by: 97) {
            extra[number] = """
                rule "local \(number)" {
                    when path ~ /(\(number)/
                    request { set-header "Host" "h\(number)"; inject-json "a..b" "x" }
                }
                rule "r\(number + 300)" { when host == "dup.example.com" }

                """
        }
        let source = Self.file(rules: 600, extra: extra)
        let whole = Compiler.compileAsWhole(source)
        #expect(whole.hasErrors)
        #expect(whole.warnings.count >= 7)
        let parted = try #require(Compiler.compileInParts(source, into: 3), "the file is compiled in parts")
        #expect(
            DiagnosticFormatter(source: source).format(parted.diagnostics)
                == DiagnosticFormatter(source: source).format(whole.diagnostics))
        #expect(parted.diagnostics == whole.diagnostics)
    }

    @Test
    func aFileWithErrorsGetsTheWholeFilesDiagnostics() {
        // A rule without its `}` just before a part would begin, and an unterminated JSON
        // literal: errors of the lexer and the parser, which the parts would word
        // differently, so the file is compiled as a whole.
        for broken in ["rule \"open\" {\n    when host == \"a.com\"\n", "rule \"j\" {\n    respond 200 {\n        body json {\n        \"a\": 1,\n"] {
            let source = Self.file(rules: 300, extra: [150: broken])
            let parted = Compiler.compileInParts(source, into: 2)
            #expect(parted == nil, "compiled in parts")
            let whole = Compiler.compileAsWhole(source)
            #expect(whole.hasErrors)
            #expect(
                DiagnosticFormatter(source: source).format(Compiler.compile(source).diagnostics)
                    == DiagnosticFormatter(source: source).format(whole.diagnostics))
        }
    }

    @Test
    func partsBeginAtRuleLinesAndCoverTheFile() {
        let text = "# a comment\nrule \"a\" { }\nrules are not a rule\nrule\t\"b\" { }\n  rule \"indented\" { }\nrule\"c\" { }\n"
        let source = SourceFile(name: "s.rules", text: text)
        // As many parts as the file has rule lines, whatever the count asked for.
        let parts = FilePart.split(source, into: 50)
        #expect(parts.map(\.start.line) == [1, 2, 4, 6])
        #expect(parts.first?.start.offset == 0)
        #expect(parts.last?.end == source.bytes.count)
        for (part, next) in zip(parts, parts.dropFirst()) {
            #expect(part.end == next.start.offset)
            #expect(next.start.column == 1)
        }
        #expect(FilePart.split(source, into: 2).map(\.start.line) == [1, 4])
        #expect(FilePart.split(source, into: 1).count == 1)
        #expect(FilePart.split(SourceFile(name: "e.rules", text: ""), into: 3).count == 1)
    }

    @Test
    func onlyAFileThatNeverSaysStopSkipsTerms() {
        #expect(Compiler.mentionsStop(Array("rule \"a\" { stop }".utf8)))
        #expect(Compiler.mentionsStop(Array("stop".utf8)))
        #expect(!Compiler.mentionsStop(Array("rule \"a\" { sto p }".utf8)))
        #expect(Compiler.mentionsStop(Array("sss stsstop".utf8)))
        #expect(!Compiler.mentionsStop(Array("xx sto".utf8)))
        #expect(!Compiler.mentionsStop(Array("s".utf8)))
        #expect(!Compiler.mentionsStop([]))
    }
}
