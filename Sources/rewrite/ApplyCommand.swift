/// `rewrite apply`: waits for the compiler (`RuleSet`, `Pipeline(ruleSets:environment:)`);
/// until then it answers `--help` and reports that it is not available yet.
struct ApplyCommand {
    /// Whether only help was asked for.
    let showsHelp: Bool

    /// Parses the arguments after `apply`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: [], command: "apply")
        showsHelp = parsed.wantsHelp
    }

    /// Shows help, or says the command is not available yet.
    func run() -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "apply"))
            return .success
        }
        StandardStream.error.writeLine("error: 'rewrite apply' is not available yet")
        return .failure
    }
}
