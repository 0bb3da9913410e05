/// `${...}` templates and the values actions take.
extension Compiler {
    /// Resolves a template's placeholders: unknown variables are reported with the nearest
    /// valid name, regex groups checked against `groups`, JSON paths parsed.
    mutating func compile(_ template: Template, groups: GroupScope) -> CompiledTemplate {
        // Most templates are one piece of text: kept as it is, without a list of parts.
        if template.parts.count == 1, case .literal(let text) = template.parts[0] { return CompiledTemplate(constant: text) }
        var parts: [CompiledTemplate.Part] = []
        parts.reserveCapacity(template.parts.count)
        for part in template.parts {
            switch part {
            case .literal(let text):
                parts.append(.literal(text))
            case .variable(let variable, let range):
                if let source = compile(variable, at: range, groups: groups) { parts.append(.variable(source)) }
            }
        }
        return CompiledTemplate(parts: parts)
    }

    /// The template of a JSON literal whose strings hold `${...}` placeholders, or nil
    /// when none does. A placeholder is written as in a string literal and may stand only
    /// inside a JSON string; its value is escaped there, so the literal stays valid JSON
    /// whatever the request holds. (`\u0024{` writes a literal `${`.)
    mutating func jsonTemplate(_ literal: JSONLiteral, groups: GroupScope) -> CompiledTemplate? {
        let bytes = Array(literal.text.utf8)
        guard ByteText.contains(literal.text, "${") else { return nil }
        var parts: [CompiledTemplate.Part] = []
        var (line, column) = (literal.range.start.line, literal.range.start.column)
        var pending = 0  // where the literal text not yet in `parts` starts
        var inString = false
        var index = 0
        func location(_ at: Int) -> SourceLocation {
            SourceLocation(line: line, column: column, offset: literal.range.start.offset + at)
        }
        func step() {
            if bytes[index] == UInt8(ascii: "\n") {
                (line, column) = (line + 1, 1)
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        var found = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                step()
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                step()
                step()
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = false
                step()
                continue
            }
            guard byte == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else {
                step()
                continue
            }
            let start = location(index)
            let placeholderStart = index
            step()
            step()
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\n") {
                step()
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                error(DiagnosticMessages.unterminatedTemplate, SourceRange(start: start, end: location(index)))
                return nil
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            step()
            let range = SourceRange(start: start, end: location(index))
            if name.trimmingWhitespace().isEmpty {
                error(DiagnosticMessages.emptyTemplate, range)
                return nil
            }
            parts.append(.literal(String(decoding: bytes[pending..<placeholderStart], as: UTF8.self)))
            pending = index
            found = true
            guard let source = compile(TemplateVariable(spelling: name), at: range, groups: groups) else { return nil }
            parts.append(.variable(source))
        }
        guard found else { return nil }
        parts.append(.literal(String(decoding: bytes[pending...], as: UTF8.self)))
        return CompiledTemplate(parts: parts, escapesForJSONString: true)
    }

    private mutating func compile(_ variable: TemplateVariable, at range: SourceRange, groups: GroupScope) -> TemplateSource? {
        switch variable {
        case .group(let number):
            switch groups {
            case .known(let available?) where number > available:
                error(DiagnosticMessages.missingRegexGroup(number, available: available), range)
            case .pending:
                if number > 0 { pendingGroupReferences.append((number, range)) }
            default:
                break
            }
            return .group(number, fromURL: urlSlots.contains(number))
        case .method: return .method
        case .host: return .host
        case .path: return .path
        case .url: return .url
        case .now: return .now
        case .uuid: return .uuid
        case .header(let name): return .header(name)
        case .query(let name): return .query(name)
        case .env(let name): return .env(name)
        case .json(let text):
            return jsonPath(text, at: range).map { .json($0, text: text) }
        case .unknown(let name):
            error(DiagnosticMessages.unknownTemplateVariable(name, suggestion: Self.suggestion(forVariable: name)), range)
            return nil
        }
    }

    /// The variable name nearest to a misspelt one: `hedaer.X` → `header.X`.
    private static func suggestion(forVariable name: String) -> String? {
        if let dot = name.firstIndex(of: ".") {
            let prefix = String(name[..<dot])
            return Suggestions.closest(to: prefix, in: TemplateVariable.prefixes).map { $0 + name[dot...] }
        }
        return Suggestions.closest(to: name, in: TemplateVariable.simpleNames)
    }

    /// An action argument or `respond` header value, in both its text and JSON forms.
    /// The parser lets through strings, numbers, `true`/`false`/`null`, JSON literals,
    /// calls and bare words; a bare word is reported (strings are quoted).
    mutating func compile(_ value: Value, groups: GroupScope) -> CompiledValue {
        switch value.kind {
        case .string(let template):
            let compiled = compile(template, groups: groups)
            guard let text = compiled.constant else { return .template(compiled) }
            return .string(text)
        case .number(let number, let raw):
            guard JSONSyntax.validate(Array(raw.utf8)) == nil else { return .number(text: raw, json: NumberText.format(number)) }
            return .json(raw)
        case .bool(let flag):
            return .json(flag ? "true" : "false")
        case .null:
            return .json("null")
        case .json(let literal):
            _ = jsonValue(literal)
            if let template = jsonTemplate(literal, groups: groups) { return .jsonTemplate(template) }
            return .json(literal.text)
        case .call(.now):
            return .now
        case .call(.uuid):
            return .uuid
        case .word(let word):
            error(DiagnosticMessages.bareWord(word), value.range, fixIt: Diagnostic.FixIt(range: value.range, replacement: "\"\(word)\""))
            return .string(word)
        case .list, .range, .regex, .duration, .size:
            // The parser never lets these through as action values.
            error(DiagnosticMessages.operatorNeeds("=", "a single value", found: value.kindDescription), value.range)
            return .string("")
        }
    }
}
