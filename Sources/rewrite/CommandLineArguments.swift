/// A subcommand's arguments, parsed by hand the way swift-argument-parser reads them.
///
/// - `--name value` and `--name=value`; `-H value`, `-Hvalue` and `-H=value` for short names.
/// - An option's value is the next argument whatever it looks like, so `--body -1` works.
/// - `-` alone is a positional argument (standard input); everything after `--` is too.
/// - `-h`/`--help` anywhere before `--` asks for help, whatever else is on the line.
/// - A single-valued option given twice keeps the last value; repeatable ones keep all.
struct CommandLineArguments: Sendable {
    /// The arguments that are not options, in order.
    private(set) var positionals: [String] = []
    /// The values of options that take one, by long name, in the order given.
    private var values: [String: [String]] = [:]
    /// The flags present, by long name.
    private var flags: Set<String> = []
    /// Every option that took a value, by long name, in the order given on the line.
    private(set) var occurrences: [(long: String, value: String)] = []

    /// Whether a flag was given.
    func flag(_ long: String) -> Bool { flags.contains(long) }

    /// The value of a single-valued option (the last one given), if any.
    func value(_ long: String) -> String? { values[long]?.last }

    /// Every value of a repeatable option, in order.
    func allValues(_ long: String) -> [String] { values[long] ?? [] }

    /// Whether help was asked for.
    var wantsHelp: Bool { flag(OptionSpec.help.long) }

    /// Parses `arguments` (the words after the subcommand) against the subcommand's options.
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> CommandLineArguments {
        let options = options + [OptionSpec.help]
        let beforeTerminator = arguments.prefix { $0 != "--" }
        var result = CommandLineArguments()
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
            result.flags.insert(OptionSpec.help.long)
            return result
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                result.positionals.append(argument)
                continue
            }
            let (spec, attached) = try find(argument, in: options, command: command)
            guard spec.takesValue else {
                if attached != nil {
                    throw UsageError("option '\(spec.long)' does not take a value", command: command)
                }
                result.flags.insert(spec.long)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for '\(argument)'", command: command)
            }
            result.occurrences.append((spec.long, value))
            if spec.isRepeatable {
                result.values[spec.long, default: []].append(value)
            } else {
                result.values[spec.long] = [value]
            }
        }
        return result
    }

    /// The option an argument names, and a value attached to it (`--format=json`, `-Hvalue`).
    private static func find(_ argument: String, in options: [OptionSpec], command: String) throws -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = options.first(where: { $0.long == name }) else {
                throw UsageError.unknownOption(argument, among: options, command: command)
            }
            return (spec, parts.count > 1 ? String(parts[1]) : nil)
        }
        let letters = argument.dropFirst()
        guard let letter = letters.first, let spec = options.first(where: { $0.short == letter }) else {
            throw UsageError.unknownOption(argument, among: options, command: command)
        }
        var rest = letters.dropFirst()
        if rest.isEmpty { return (spec, nil) }
        guard spec.takesValue else {
            throw UsageError.unknownOption(argument, among: options, command: command)
        }
        if rest.hasPrefix("=") { rest = rest.dropFirst() }
        return (spec, String(rest))
    }
}
