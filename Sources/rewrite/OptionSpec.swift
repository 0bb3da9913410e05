/// One option a subcommand accepts, the way `--help` shows it and the parser reads it.
struct OptionSpec: Sendable {
    /// The long name with its dashes: `--format`.
    let long: String
    /// The one-letter name without its dash (`H` for `-H`), if any.
    let short: Character?
    /// The value's placeholder (`FORMAT`) for options that take a value; `nil` for flags.
    let valueName: String?
    /// Whether the option may be given more than once, collecting every value.
    let isRepeatable: Bool

    /// A flag: present or not.
    static func flag(_ long: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: nil, isRepeatable: false)
    }

    /// An option with a value; the last one given wins unless `repeatable`.
    static func option(_ long: String, short: Character? = nil, value: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: short, valueName: value, isRepeatable: repeatable)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `--help`/`-h`: every subcommand accepts it.
    static let help = OptionSpec.flag("--help", short: "h")
}
