/// Regex, JSON and JSON-path validation, delegated to the runtime's engines.
extension Checker {
    /// Validates a regex literal; returns its capture-group count, or `nil` if it is invalid
    /// or cannot be checked.
    @discardableResult
    mutating func checkRegex(_ regex: RegexLiteral) -> Int? {
        RegexValidation.captureCount(of: regex)
    }

    mutating func checkJSON(_ literal: JSONLiteral) {
    }

    mutating func checkJSONPath(_ path: String, _ range: SourceRange) {
    }
}

/// Access to the runtime's regex engine for the checker.
enum RegexValidation {
    /// The number of capture groups, or `nil` if the regex is invalid or cannot be checked.
    static func captureCount(of regex: RegexLiteral) -> Int? {
        nil
    }
}
