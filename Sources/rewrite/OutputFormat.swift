/// `--format text|json`: for people, or for programs.
enum OutputFormat: String, Sendable {
    /// Readable text (the default).
    case text
    /// One JSON document on standard output.
    case json

    /// Reads the option's value; `nil` (not given) means text.
    init(option value: String?, command: String) throws {
        guard let value else {
            self = .text
            return
        }
        guard let format = OutputFormat(rawValue: value) else {
            throw UsageError("invalid value '\(value)' for '--format'; expected 'text' or 'json'", command: command)
        }
        self = format
    }
}
