/// A regex literal `/PATTERN/FLAGS`.
struct RegexLiteral: Sendable, Hashable {
    /// The pattern as written between the slashes, with `\/` turned into `/`.
    let pattern: String
    /// The flag letters after the closing slash.
    let flags: String
    /// Where the pattern text is (between the slashes).
    let patternRange: SourceRange
    /// The whole literal.
    let range: SourceRange

    /// Creates a regex literal.
    init(pattern: String, flags: String, patternRange: SourceRange, range: SourceRange) {
        self.pattern = pattern
        self.flags = flags
        self.patternRange = patternRange
        self.range = range
    }

    /// Whether the `i` flag is set.
    var caseInsensitive: Bool { flags.contains("i") }
}
