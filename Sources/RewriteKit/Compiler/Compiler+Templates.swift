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
