/// The front end's result for one rule file: the syntax tree and every diagnostic.
///
/// `analyze` runs the lexer, the parser and the checker in one pass. The tree is
/// complete as far as the text allows: statements with errors are left out, everything
/// else is kept so that later stages (and editors) can still use it.
public struct RuleFileAnalysis: Sendable {
    /// The analysed source.
    public let source: SourceFile
    /// The syntax tree.
    public let ruleFile: RuleFile
    /// Every diagnostic of the lexer, parser and checker, sorted by position.
    public let diagnostics: [Diagnostic]

    /// Creates an analysis result.
    public init(source: SourceFile, ruleFile: RuleFile, diagnostics: [Diagnostic]) {
        self.source = source
        self.ruleFile = ruleFile
        self.diagnostics = diagnostics
    }

    /// Lexes, parses and checks a rule file.
    public static func analyze(_ source: SourceFile) -> RuleFileAnalysis {
        let (tokens, lexerDiagnostics) = Lexer.tokenize(source)
        let (ruleFile, parserDiagnostics) = Parser.parse(source, tokens: tokens)
        let checkerDiagnostics = Checker.check(ruleFile, in: source)
        let all = lexerDiagnostics + parserDiagnostics + checkerDiagnostics
        // Stable sort by position: diagnostics at the same spot keep the order they were found in.
        let sorted = all.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start.offset, lhs.offset) < (rhs.element.range.start.offset, rhs.offset)
        }.map(\.element)
        return RuleFileAnalysis(source: source, ruleFile: ruleFile, diagnostics: sorted)
    }

    /// Whether any diagnostic is an error (the file must not be used).
    public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

    /// The errors only.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The warnings only.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
