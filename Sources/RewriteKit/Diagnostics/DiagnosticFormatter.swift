/// Renders diagnostics the way clang and Swift do.
///
/// ```
/// api.rules:3:9: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?
///         wrap-jsn "wrapper"
///         ^~~~~~~~
///         wrap-json
/// ```
/// Warnings end with their identifier in brackets (`[computed-header]`).
/// The caret line has `^` under the first character of the range and `~` under the rest
/// of it (up to the end of the line); tabs before the caret are kept, and wide characters
/// (CJK, emoji) count two columns, so it lines up in a terminal. Control characters from the
/// file are shown escaped (`<U+001B>`), in source lines and messages alike, never sent raw.
/// A fix-it's replacement is printed under the caret. Notes follow as
/// `FILE:LINE:COLUMN: note: MESSAGE`, with their own source line when they have a range.
///
/// With `colored`, severities are coloured as clang colours them (error red, warning
/// magenta, note and caret green) with ANSI escapes; callers turn it on only for a terminal.
package struct DiagnosticFormatter: Sendable {
    /// The file the diagnostics belong to; used for source lines.
    package let source: SourceFile
    /// Whether ANSI colour escapes are written.
    package let colored: Bool

    /// Creates a formatter for diagnostics of one file.
    package init(source: SourceFile, colored: Bool = false) {
        self.source = source
        self.colored = colored
    }

    /// Renders several diagnostics, one block each, each block ending in a newline.
    package func format(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { format($0) + "\n" }.joined()
    }

    /// Renders one diagnostic and its notes (no trailing newline). A warning (also one
    /// reported as an error by `--warnings-as-errors`) ends with its identifier in
    /// brackets, as clang shows a warning's flag: what `rewrite check --ignore` takes.
    package func format(_ diagnostic: Diagnostic) -> String {
        let isWarningKind = DiagnosticID(rawValue: diagnostic.identifier)?.isWarning ?? false
        let message = isWarningKind ? "\(diagnostic.message) [\(diagnostic.identifier)]" : diagnostic.message
        var lines = [header(diagnostic.file, diagnostic.range.start, diagnostic.severity.rawValue, message)]
        lines += excerpt(diagnostic.range)
        if let fixIt = diagnostic.fixIt, fixIt.range.start.line == diagnostic.range.start.line {
            lines.append(padding(line: fixIt.range.start.line, upTo: fixIt.range.start.column) + paint(TerminalText.escaped(fixIt.replacement), "32"))
        }
        for note in diagnostic.notes {
            if let range = note.range {
                lines.append(header(diagnostic.file, range.start, "note", note.message))
                lines += excerpt(range)
            } else {
                lines.append("\(paint("\(diagnostic.file):", "1")) \(paint("note:", "1;32")) \(TerminalText.escaped(note.message))")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func header(_ file: String, _ location: SourceLocation, _ severity: String, _ message: String) -> String {
        let color = severity == "error" ? "1;31" : severity == "warning" ? "1;35" : "1;32"
        return paint("\(file):\(location.line):\(location.column):", "1") + " " + paint("\(severity):", color) + " "
            + paint(TerminalText.escaped(message), "1")
    }

    /// `text` in an ANSI style when colour is on.
    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The source line (control characters escaped) and the caret line under it.
    private func excerpt(_ range: SourceRange) -> [String] {
        guard let text = source.lineText(range.start.line) else { return [] }
        let scalars = Array(text.unicodeScalars)
        let startColumn = range.start.column
        let endColumn = range.end.line == range.start.line ? range.end.column : scalars.count + 1
        // The columns the range's characters take on the line, the first under the caret.
        let covered = scalars.indices.filter { $0 + 1 >= startColumn && $0 + 1 < min(endColumn, scalars.count + 1) }
        let width = covered.reduce(0) { $0 + (scalars[$1] == "\t" ? 1 : TerminalText.columns(scalars[$1])) }
        let tildes = max(width - 1, 0)
        let caret = padding(line: range.start.line, upTo: startColumn) + paint("^" + String(repeating: "~", count: tildes), "1;32")
        return [TerminalText.escaped(text), caret]
    }

    /// Blanks up to (not including) a column, keeping the line's tabs and the width of
    /// wide and escaped characters.
    private func padding(line: Int, upTo column: Int) -> String {
        let scalars = Array((source.lineText(line) ?? "").unicodeScalars)
        var result = ""
        for index in 0..<max(column - 1, 0) {
            guard index < scalars.count else { result += " "; continue }
            result += scalars[index] == "\t" ? "\t" : String(repeating: " ", count: TerminalText.columns(scalars[index]))
        }
        return result
    }

    /// A summary line such as `2 errors, 1 warning in 3 files`.
    package static func summary(errors: Int, warnings: Int, files: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var parts: [String] = []
        if errors > 0 { parts.append(count(errors, "error")) }
        if warnings > 0 { parts.append(count(warnings, "warning")) }
        let problems = parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
        return "\(problems) in \(count(files, "file"))"
    }

    /// A summary of diagnostics gathered from `files` files.
    package static func summary(of diagnostics: [Diagnostic], files: Int) -> String {
        summary(
            errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count,
            files: files)
    }
}
