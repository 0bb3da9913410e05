/// Regex, JSON and JSON-path validation, delegated to the runtime's engines.
extension Checker {
    /// Validates a regex literal with the runtime's linear-time engine; returns its
    /// capture-group count, or `nil` if it is invalid.
    @discardableResult
    mutating func checkRegex(_ regex: RegexLiteral) -> Int? {
        do {
            return try SafeRegex(pattern: regex.pattern, caseInsensitive: regex.caseInsensitive).captureCount
        } catch {
            let location = sourceLocation(ofPatternScalar: error.offset, in: regex)
            self.error(DiagnosticMessages.invalidRegex(error.message), SourceRange(at: location))
            return nil
        }
    }

    /// Maps a scalar offset in a regex's pattern back to the source, where `\/` is two scalars.
    func sourceLocation(ofPatternScalar target: Int, in regex: RegexLiteral) -> SourceLocation {
        let scalars = Array(source.text(in: regex.patternRange).unicodeScalars)
        var patternIndex = 0
        var byteOffset = 0
        var index = 0
        while index < scalars.count, patternIndex < target {
            let width: Int
            if scalars[index] == "\\", index + 1 < scalars.count {
                // `\/` stands for one pattern scalar; any other escape keeps both.
                width = scalars[index + 1] == "/" ? 2 : 1
                patternIndex += 1
            } else {
                width = 1
                patternIndex += 1
            }
            for scalar in scalars[index..<(index + width)] { byteOffset += String(scalar).utf8.count }
            index += width
        }
        return source.location(atOffset: regex.patternRange.start.offset + byteOffset)
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

/// Access to the runtime's regex engine for group counting.
enum RegexValidation {
    /// The number of capture groups, or `nil` if the regex is invalid.
    static func captureCount(of regex: RegexLiteral) -> Int? {
        try? SafeRegex(pattern: regex.pattern, caseInsensitive: regex.caseInsensitive).captureCount
    }
}
