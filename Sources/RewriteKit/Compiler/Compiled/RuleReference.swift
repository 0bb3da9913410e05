/// Names a rule for traces and activity events: its name and where it is written.
public struct RuleReference: Sendable, Hashable, CustomStringConvertible {
    /// The rule's name as written in `rule "NAME"`.
    public let name: String
    /// The display name of the rule file.
    public let file: String
    /// The 1-based line of the `rule` keyword.
    public let line: Int

    /// Creates a reference.
    package init(name: String, file: String, line: Int) {
        self.name = name
        self.file = file
        self.line = line
    }

    /// `"NAME" (FILE:LINE)`, or `"NAME"` for a rule known by its name alone (read from a
    /// HAR file an earlier version wrote).
    public var description: String { file.isEmpty ? "\"\(name)\"" : "\"\(name)\" (\(file):\(line))" }
}
