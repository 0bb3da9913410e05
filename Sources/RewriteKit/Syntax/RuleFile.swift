/// The syntax tree of a whole rule file: its rules in file order.
public struct RuleFile: Sendable, Hashable {
    /// The rules, in file order.
    public let rules: [Rule]
    /// The whole file.
    public let range: SourceRange

    /// Creates a rule file node.
    public init(rules: [Rule], range: SourceRange) {
        self.rules = rules
        self.range = range
    }
}
