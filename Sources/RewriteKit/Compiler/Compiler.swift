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
    /// The regexes compiled so far, by flags and pattern: rules that repeat a pattern share
    /// one compiled program.
    var regexes: [String: SafeRegex] = [:]
    /// Whether the condition being compiled is a `response each message when` guard,
    /// where `event` may be tested.
    var inMessageBlock = false

    init(source: SourceFile) {
        self.source = source
        self.bodyFiles = BodyFileResolver(baseDirectory: source.baseDirectory)
    }

    /// Lexes, parses and compiles a rule file, one rule at a time: each rule is compiled as
    /// soon as it is parsed and its syntax and tokens are then dropped, so loading a large
    /// file holds one rule's syntax tree at a time, not the file's.
    package static func compile(_ source: SourceFile) -> Compilation {
        var parser = Parser(source: source)
        var compiler = Compiler(source: source)
        var fileState = FileState()
        // About one rule per hundred bytes: sized once instead of regrown for big files.
        let expectedRules = min(source.text.utf8.count / 100, 1 << 20)
        fileState.firstByName.reserveCapacity(expectedRules)
        fileState.rules.reserveCapacity(expectedRules)
        _ = parser.parseFile { rule in compiler.compile(rule, in: &fileState) }
        let all = parser.lexer.diagnostics + parser.diagnostics + compiler.diagnostics
        // Stable sort by position: diagnostics at the same spot keep the order they were found in.
        let sorted = all.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start.offset, lhs.offset) < (rhs.element.range.start.offset, rhs.offset)
        }.map(\.element)
        return Compilation(rules: fileState.rules, diagnostics: sorted)
    }

    /// What the checks that span rules remember from rule to rule, and the rules so far.
    struct FileState {
        /// Where each name was first used; only positions are kept, never syntax.
        var firstByName: [String: SourceRange] = [:]
        /// The stopping rules so far.
        var shadows = ShadowAnalysis()
        /// The compiled rules, in file order.
        var rules: [CompiledRule] = []
    }

    /// Compiles the next rule of a file with the checks that span rules: duplicate names and
    /// rules an earlier `stop` rule shadows.
    mutating func compile(_ rule: Rule, in file: inout FileState) {
        if let first = file.firstByName[rule.name] {
            error(
                DiagnosticMessages.duplicateRule(rule.name), rule.nameRange,
                notes: [note(DiagnosticMessages.firstRuleNamed(rule.name), first)])
        } else {
            file.firstByName[rule.name] = rule.nameRange
        }
        if let earlier = file.shadows.check(rule) {
            warning(
                DiagnosticMessages.unreachableRule(rule.name, shadowedBy: earlier.name), rule.nameRange,
                notes: [note(DiagnosticMessages.stoppingRuleHere(earlier.name), earlier.stopRange)])
        }
        file.rules.append(compile(rule))
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
