/// A regex literal `/PATTERN/FLAGS`.
public struct RegexLiteral: Sendable, Hashable {
    /// The pattern as written between the slashes, with `\/` turned into `/`.
    public let pattern: String
    /// The flag letters after the closing slash.
    public let flags: String
    /// Where the pattern text is (between the slashes).
    public let patternRange: SourceRange
    /// The whole literal.
    public let range: SourceRange

    /// Creates a regex literal.
    public init(pattern: String, flags: String, patternRange: SourceRange, range: SourceRange) {
        self.pattern = pattern
        self.flags = flags
        self.patternRange = patternRange
        self.range = range
    }

    /// Whether the `i` flag is set.
    public var caseInsensitive: Bool { flags.contains("i") }
}
