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
    /// file holds one rule's syntax tree at a time, not the file's. A large file is compiled
    /// in parts on several processors when it can be (``compileInParts(_:)``): the result is
    /// the same.
    package static func compile(_ source: SourceFile) -> Compilation {
        compileInParts(source) ?? compileAsWhole(source)
    }

    /// Compiles the file in one pass on the calling thread.
    static func compileAsWhole(_ source: SourceFile) -> Compilation {
        var parser = Parser(source: source)
        var compiler = Compiler(source: source)
        var fileState = FileState(expectedRules: source.bytes.count / 100)
        _ = parser.parseFile { rule in compiler.compile(rule, in: &fileState) }
        return Compilation(
            rules: fileState.rules,
            diagnostics: sortedByPosition([parser.lexer.diagnostics, parser.diagnostics, compiler.diagnostics]))
    }

    /// The diagnostics of every list, sorted by position; diagnostics at the same spot keep
    /// the order they were found in (the lists' order, then each list's own).
    static func sortedByPosition(_ lists: [[Diagnostic]]) -> [Diagnostic] {
        lists.joined().enumerated().sorted { lhs, rhs in
            (lhs.element.range.start.offset, lhs.offset) < (rhs.element.range.start.offset, rhs.offset)
        }.map(\.element)
    }

    /// What the checks that span rules remember from rule to rule, and the rules so far.
    struct FileState {
        /// Where each name was first used; only positions are kept, never syntax.
        var firstByName: [String: SourceRange] = [:]
        /// The stopping rules so far.
        var shadows = ShadowAnalysis()
        /// The compiled rules, in file order.
        var rules: [CompiledRule] = []

        /// A state sized for about `expectedRules` rules (about one per hundred bytes of a
        /// file), instead of regrown for big files.
        init(expectedRules: Int) {
            let capacity = min(expectedRules, 1 << 20)
            firstByName.reserveCapacity(capacity)
            rules.reserveCapacity(capacity)
        }
    }

    /// Compiles the next rule of a file with the checks that span rules: duplicate names and
    /// rules an earlier `stop` rule shadows.
    mutating func compile(_ rule: Rule, in file: inout FileState) {
        checkName(rule.name, at: rule.nameRange, in: &file)
        reportShadowing(file.shadows.check(rule), of: rule.name, at: rule.nameRange)
        file.rules.append(compile(rule))
    }

    /// Reports a name used before; remembers it otherwise. One hash lookup unless it is a
    /// duplicate.
    mutating func checkName(_ name: String, at range: SourceRange, in file: inout FileState) {
        guard let first = file.firstByName.updateValue(range, forKey: name) else { return }
        file.firstByName[name] = first
        reportDuplicate(name, at: range, first: first)
    }

    /// Reports a rule named as an earlier one was, at `first`.
    mutating func reportDuplicate(_ name: String, at range: SourceRange, first: SourceRange) {
        error(
            DiagnosticMessages.duplicateRule(name), range,
            notes: [note(DiagnosticMessages.firstRuleNamed(name), first)])
    }

    /// Reports that an earlier stopping rule shadows the rule named `name`.
    mutating func reportShadowing(_ earlier: ShadowAnalysis.Stopper?, of name: String, at range: SourceRange) {
        guard let earlier else { return }
        warning(
            DiagnosticMessages.unreachableRule(name, shadowedBy: earlier.name), range,
            notes: [note(DiagnosticMessages.stoppingRuleHere(earlier.name), earlier.stopRange)])
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
