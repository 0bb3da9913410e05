import Foundation

/// ANSI colour for the `apply` report, used only when standard output is a terminal
/// and `NO_COLOR` is unset or empty (https://no-color.org); otherwise every style is
/// the identity, so redirected output is plain text.
struct TerminalStyle: Sendable {
    /// Whether escapes are written.
    let isEnabled: Bool

    /// Colour when standard output is a terminal and `NO_COLOR` allows it.
    static func forStandardOutput() -> TerminalStyle {
        TerminalStyle(isEnabled: StandardStream.output.isTerminal && !noColor)
    }

    /// Whether diagnostics, written to standard error, are coloured: only on a terminal
    /// and when `NO_COLOR` allows it.
    static var colorsDiagnostics: Bool {
        StandardStream.error.isTerminal && !noColor
    }

    /// Whether `NO_COLOR` is set to something (https://no-color.org).
    private static var noColor: Bool {
        ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    }

    /// Section titles.
    func heading(_ text: String) -> String { wrap(text, "1") }
    /// Rule names.
    func rule(_ text: String) -> String { wrap(text, "1;36") }
    /// Places, line numbers, secondary facts.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// What was added or is new.
    func added(_ text: String) -> String { wrap(text, "32") }
    /// What was removed or is old.
    func removed(_ text: String) -> String { wrap(text, "31") }
    /// Skipped actions and notices.
    func warning(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
