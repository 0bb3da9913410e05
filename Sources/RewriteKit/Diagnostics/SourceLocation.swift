/// A position in a rule file.
///
/// Lines and columns are 1-based, the way compilers and editors report them.
/// Columns count Unicode scalars from the start of the line, so a caret lines up
/// under the right character even after non-ASCII text; `offset` is the UTF-8
/// byte offset from the start of the file.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, in Unicode scalars.
    public let column: Int
    /// The 0-based UTF-8 byte offset from the start of the file.
    public let offset: Int

    /// Creates a location from its line, column and byte offset.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Whether `lhs` comes before `rhs` in the file (compares byte offsets).
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}
