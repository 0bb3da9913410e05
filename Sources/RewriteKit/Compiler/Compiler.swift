import Foundation

/// Turns rule text into compiled rules in one semantic pass: every check is made where the
/// rule is lowered, so what `rewrite check` accepts is exactly what ``RuleSet`` loads.
///
/// Each regex, glob, JSON literal, JSON path and `body file` is prepared once; templates
/// are resolved to what they read; operands are put in their subject's normal form. The
/// compiler walks the whole tree even when the lexer or parser found errors, and reports
/// every problem it finds; a file with errors yields no rule set.
package struct Compiler {
    /// The file the rules come from: its display name, and its folder for `body file`.
    let source: SourceFile
    /// Problems found while compiling.
    private(set) var diagnostics: [Diagnostic] = []
    /// Reads `body file` contents, relative to the rule file's folder.
    let bodyFiles: BodyFileResolver
    /// Regex groups named by templates in the conditions being compiled, checked once
    /// the conditions' regexes are all known.
    var pendingGroupReferences: [(number: Int, range: SourceRange)] = []
    /// The regex group slots of the rule (or guard) being compiled that hold URL text.
    var urlSlots: Set<Int> = []

    init(source: SourceFile) {
        self.source = source
        self.bodyFiles = BodyFileResolver(baseDirectory: source.baseDirectory)
    }

    /// Lexes, parses and compiles a rule file.
    package static func compile(_ source: SourceFile) -> Compilation {
        let (tokens, lexerDiagnostics) = Lexer.tokenize(source)
        let (file, parserDiagnostics) = Parser.parse(source, tokens: tokens)
        var compiler = Compiler(source: source)
        let rules = compiler.compile(file)
        let all = lexerDiagnostics + parserDiagnostics + compiler.diagnostics
        // Stable sort by position: diagnostics at the same spot keep the order they were found in.
        let sorted = all.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start.offset, lhs.offset) < (rhs.element.range.start.offset, rhs.offset)
        }.map(\.element)
        return Compilation(rules: rules, diagnostics: sorted)
    }

    /// Compiles every rule, in file order, with the checks that span rules: duplicate
    /// names and rules an earlier `stop` rule shadows.
    mutating func compile(_ file: RuleFile) -> [CompiledRule] {
        var firstByName: [String: Rule] = [:]
        var shadows = ShadowAnalysis()
        var rules: [CompiledRule] = []
        rules.reserveCapacity(file.rules.count)
        for rule in file.rules {
            if let first = firstByName[rule.name] {
                error(
                    DiagnosticMessages.duplicateRule(rule.name), rule.nameRange,
                    notes: [note(DiagnosticMessages.firstRuleNamed(rule.name), first.nameRange)])
            } else {
                firstByName[rule.name] = rule
            }
            if let earlier = shadows.stoppingRule(shadowing: rule) {
                let stopRange = earlier.clauses.first { $0.kind == .stop }?.range ?? earlier.nameRange
                warning(
                    DiagnosticMessages.unreachableRule(rule.name, shadowedBy: earlier.name), rule.nameRange,
                    notes: [note(DiagnosticMessages.stoppingRuleHere(earlier.name), stopRange)])
            }
            shadows.add(rule)
            rules.append(compile(rule))
        }
        return rules
    }

    // MARK: - Reporting

    mutating func error(_ message: DiagnosticMessage, _ range: SourceRange, notes: [Diagnostic.Note] = [], fixIt: Diagnostic.FixIt? = nil) {
        diagnostics.append(Diagnostic(.error, message, file: source.name, range: range, notes: notes, fixIt: fixIt))
    }

    mutating func warning(_ message: DiagnosticMessage, _ range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(.warning, message, file: source.name, range: range, notes: notes))
    }

    func note(_ message: DiagnosticMessage, _ range: SourceRange?) -> Diagnostic.Note {
        Diagnostic.Note(message: message.text, range: range)
    }
}
