/// A problem found in a rule file: the one diagnostic type of RewriteKit.
///
/// The lexer, the parser and the compiler all report through this type, and every
/// message comes from one catalogue, so each kind of problem has a stable
/// ``identifier`` (`unknown-name`, `computed-header`, …) that tools can match on.
/// Rendered, a diagnostic reads the way Swift and clang report theirs:
/// `FILE:LINE:COLUMN: error: MESSAGE`, the source line, and a caret.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The rule file cannot be used.
        case error
        /// The rule file works but probably not as meant.
        case warning
    }

    /// An extra remark attached to a diagnostic, optionally at its own position.
    public struct Note: Sendable, Hashable {
        /// The note's text.
        public let message: String
        /// Where the note points, if anywhere.
        public let range: SourceRange?

        package init(message: String, range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    /// A suggested edit: replace the text in `range` with `replacement`.
    public struct FixIt: Sendable, Hashable {
        /// The text to replace.
        public let range: SourceRange
        /// What to put there instead.
        public let replacement: String

        package init(range: SourceRange, replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// The stable identifier of this kind of problem, such as `unknown-name` or
    /// `computed-header`: the same for every wording of the message, listed in the rule
    /// language reference, and what `rewrite check --warnings-as-errors` and `--ignore` take.
    public let identifier: String
    /// Error or warning.
    public private(set) var severity: Severity
    /// The display name of the file (`Rules/api.rules`, `<stdin>`).
    public let file: String
    /// The span the diagnostic is about.
    public let range: SourceRange
    /// The message: lower case, quoting source text, "expected X, found Y".
    public let message: String
    /// Further remarks.
    public let notes: [Note]
    /// A suggested edit, if there is an obvious one.
    public let fixIt: FixIt?

    package init(
        _ severity: Severity, _ message: DiagnosticMessage, file: String, range: SourceRange,
        notes: [Note] = [], fixIt: FixIt? = nil
    ) {
        self.identifier = message.identifier.rawValue
        self.severity = severity
        self.file = file
        self.range = range
        self.message = message.text
        self.notes = notes
        self.fixIt = fixIt
    }

    /// Whether this is an error.
    public var isError: Bool { severity == .error }

    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [IDENTIFIER]`, on one line.
    public var description: String {
        "\(file):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message) [\(identifier)]"
    }

    /// The same diagnostic with another severity: what `--warnings-as-errors` does to a warning.
    package func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }
}
