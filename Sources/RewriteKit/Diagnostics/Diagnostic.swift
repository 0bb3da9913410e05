/// A problem found in a rule file: the one diagnostic type of RewriteKit.
///
/// The lexer, the parser and the checker all report through this type, and
/// ``DiagnosticFormatter`` renders it the way Swift and clang do:
/// `FILE:LINE:COLUMN: error: MESSAGE`, the source line, and a caret.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The rule file cannot be used.
        case error
        /// The rule file works but probably not as meant.
        case warning
        /// Extra context attached to another diagnostic.
        case note
    }

    /// An extra remark attached to a diagnostic, optionally at its own position.
    public struct Note: Sendable, Hashable {
        /// The note's text.
        public var message: String
        /// Where the note points, if anywhere.
        public var range: SourceRange?

        /// Creates a note.
        public init(message: String, range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    /// A suggested edit: replace the text in `range` with `replacement`.
    public struct FixIt: Sendable, Hashable {
        /// The text to replace.
        public var range: SourceRange
        /// What to put there instead.
        public var replacement: String

        /// Creates a fix-it.
        public init(range: SourceRange, replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// Error or warning.
    public var severity: Severity
    /// The display name of the file (`Rules/api.rules`, `<stdin>`).
    public var file: String
    /// The span the diagnostic is about.
    public var range: SourceRange
    /// The message: lower case, quoting source text, "expected X, found Y".
    public var message: String
    /// Further remarks.
    public var notes: [Note]
    /// A suggested edit, if there is an obvious one.
    public var fixIt: FixIt?

    /// Creates a diagnostic.
    public init(
        severity: Severity,
        file: String,
        range: SourceRange,
        message: String,
        notes: [Note] = [],
        fixIt: FixIt? = nil
    ) {
        self.severity = severity
        self.file = file
        self.range = range
        self.message = message
        self.notes = notes
        self.fixIt = fixIt
    }

    /// Whether this is an error.
    public var isError: Bool { severity == .error }
}
