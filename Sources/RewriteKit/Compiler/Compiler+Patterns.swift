/// Regexes, JSON literals and JSON paths: each prepared once, errors pointing at the spot.
extension Compiler {
    /// Compiles a regex literal with the linear-time engine; `nil` (reported at the
    /// offending character) when the engine refuses it.
    mutating func compile(_ literal: RegexLiteral, caseInsensitive: Bool = false) -> SafeRegex? {
        let ignoresCase = literal.caseInsensitive || caseInsensitive
        let key = (ignoresCase ? "i/" : "/") + literal.pattern
        if let known = regexes[key] { return known }
        do {
            let regex = try SafeRegex(pattern: literal.pattern, caseInsensitive: ignoresCase)
            regexes[key] = regex
            return regex
        } catch {
            let location = sourceLocation(ofPatternScalar: error.offset, in: literal)
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
            // `\/` stands for one pattern scalar; any other escape keeps both.
            let width = scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "/" ? 2 : 1
            patternIndex += 1
            for scalar in scalars[index..<(index + width)] { byteOffset += String(scalar).utf8.count }
            index += width
        }
        return source.location(atOffset: regex.patternRange.start.offset + byteOffset)
    }

    /// Validates and parses a JSON literal; `nil` (reported at the bad byte) when invalid.
    mutating func jsonValue(_ literal: JSONLiteral) -> JSONValue? {
        do {
            return try JSONValue.parse(literal.text)
        } catch {
            let location = source.location(atOffset: literal.range.start.offset + error.offset)
            self.error(DiagnosticMessages.invalidJSON(error.message), SourceRange(at: location))
            return nil
        }
    }

    /// Parses a JSON path (`user.id`, `items[0].name`, `$.a.b`); `nil` (reported) when invalid.
    mutating func jsonPath(_ text: String, at range: SourceRange) -> JSONPath? {
        do {
            return try JSONPath.parse(text)
        } catch {
            self.error(DiagnosticMessages.invalidJSONPath(text, error.message), range)
            return nil
        }
    }
}
