import RewriteKit

/// The root command: picks the subcommand, answers `--help` and `--version`, and turns
/// usage errors into their message on standard error and exit status 2 (a file that is
/// not what the command needs: one located line and exit status 1).
enum RewriteCommand {
    /// The subcommands, for suggestions.
    static let subcommands = ["check", "fmt", "lsp", "apply", "import-har", "report", "help"]

    /// Runs the tool with the arguments after the program name.
    static func run(_ arguments: [String]) -> ExitCode {
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            StandardStream.error.write(error.rendered)
            return .usageError
        } catch let error as InputFileError {
            StandardStream.error.write(error.rendered)
            return .failure
        } catch {
            StandardStream.error.writeLine("error: \(error)")
            return .failure
        }
    }

    private static func dispatch(_ arguments: [String]) throws -> ExitCode {
        guard let first = arguments.first else {
            StandardStream.output.write(HelpText.help(for: nil))
            return .success
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "check":
            return try CheckCommand(arguments: rest).run()
        case "fmt":
            return try FormatCommand(arguments: rest).run()
        case "lsp":
            let parsed = try CommandLineArguments.parse(rest, options: [], command: "lsp")
            if parsed.wantsHelp {
                StandardStream.output.write(HelpText.help(for: "lsp"))
                return .success
            }
            if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)'", command: "lsp") }
            var stream = MessageStream()
            return LanguageServer.serve(&stream) == 0 ? .success : .failure
        case "apply":
            return try ApplyCommand(arguments: rest).run()
        case "import-har":
            return try ImportHARCommand(arguments: rest).run()
        case "report":
            return try ReportCommand(arguments: rest).run()
        case "help":
            return try showHelp(topic: rest)
        case "-h", "--help":
            StandardStream.output.write(HelpText.help(for: nil))
            return .success
        case "--version":
            StandardStream.output.writeLine(HelpText.version)
            return .success
        default:
            if first.hasPrefix("-") {
                throw UsageError.unknownOption(
                    first, among: [.flag("--version"), OptionSpec.help], command: nil)
            }
            var message = "unknown subcommand '\(first)'"
            if let nearest = Suggestions.closest(to: first, in: subcommands) {
                message += "; did you mean '\(nearest)'?"
            } else {
                message += "; expected 'check', 'apply' or 'import-har'"
            }
            throw UsageError(message, command: nil)
        }
    }

    /// `rewrite help [SUBCOMMAND]`.
    private static func showHelp(topic: [String]) throws -> ExitCode {
        guard let name = topic.first else {
            StandardStream.output.write(HelpText.help(for: nil))
            return .success
        }
        let topics = subcommands.filter { $0 != "help" }
        guard topics.contains(name) else {
            var message = "unknown subcommand '\(name)'"
            if let nearest = Suggestions.closest(to: name, in: topics) {
                message += "; did you mean '\(nearest)'?"
            }
            throw UsageError(message, command: nil)
        }
        StandardStream.output.write(HelpText.help(for: name))
        return .success
    }
}
