import RewriteKit

/// The command line asks for something the tool does not understand: an unknown
/// subcommand or option, a missing or malformed value. Exits with status 2.
struct UsageError: Error, Equatable {
    /// Lower case, quoting what the user typed: `unknown option '--frmat'; did you mean '--format'?`.
    let message: String
    /// The subcommand whose usage line to show (`check`, `apply`), or `nil` for the tool's.
    let command: String?

    /// Creates a usage error.
    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    /// The text for standard error: the message, the usage line and where to read more.
    var rendered: String {
        let topic = command.map { "rewrite \($0)" } ?? "rewrite"
        return """
            error: \(message)
            \(HelpText.usageLine(for: command))
            see '\(topic) --help' for more information

            """
    }

    /// `unknown option '--frmat'`, with a suggestion when one option is near enough.
    static func unknownOption(_ typed: String, among options: [OptionSpec], command: String?) -> UsageError {
        let name = typed.split(separator: "=", maxSplits: 1).first.map(String.init) ?? typed
        let candidates = options.map(\.long)
        var message = "unknown option '\(name)'"
        if name.hasPrefix("--"), let nearest = Suggestions.closest(to: name, in: candidates) {
            message += "; did you mean '\(nearest)'?"
        }
        return UsageError(message, command: command)
    }
}
