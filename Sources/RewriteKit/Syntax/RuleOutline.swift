/// The rules of a file as an editor lists them (`rewrite lsp`'s document symbols): each
/// rule's name, its whole range and its name's, in file order. A rule the parser could not
/// finish is still listed, as far as it got.
package struct RuleOutline: Sendable {
    /// One rule.
    package struct Entry: Sendable, Hashable {
        /// The rule's name.
        package let name: String
        /// From `rule` to its closing brace.
        package let range: SourceRange
        /// The name's string.
        package let nameRange: SourceRange
    }

    /// The rules, in file order.
    package let entries: [Entry]

    /// The outline of `source`.
    package init(_ source: SourceFile) {
        var parser = Parser(source: source)
        var entries: [Entry] = []
        _ = parser.parseFile { rule in
            entries.append(Entry(name: rule.name, range: rule.range, nameRange: rule.nameRange))
        }
        self.entries = entries
    }
}
