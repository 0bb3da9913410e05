/// The syntax tree of a whole rule file: its rules in file order.
struct RuleFile: Sendable, Hashable {
    /// The rules, in file order.
    let rules: [Rule]
    /// The whole file.
    let range: SourceRange

    /// Creates a rule file node.
    init(rules: [Rule], range: SourceRange) {
        self.rules = rules
        self.range = range
    }
}
