/// What compiling one rule file gives: the compiled rules and every diagnostic, sorted by position.
package struct Compilation: Sendable {
    /// The compiled rules, in file order. Only usable when ``hasErrors`` is false.
    let rules: [CompiledRule]
    /// Every diagnostic of the lexer, the parser and the compiler, in file order.
    package let diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error: then no rule set is made from the file.
    package var hasErrors: Bool { diagnostics.contains(where: \.isError) }

    /// The warnings only.
    package var warnings: [Diagnostic] { diagnostics.filter { !$0.isError } }
}
