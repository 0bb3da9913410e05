/// Condition operands, in the normal form of the subject they are compared with.
extension Compiler {
    /// A value compared for equality (`==`, `!=`, an element of `in [...]`): bare words
    /// only for `method`, templates resolved, JSON literals validated and parsed.
    mutating func scalarOperand(_ value: Value, subject: CompiledTest.Subject, inList: Bool) -> OperandValue? {
        switch value.kind {
        case .string(let template):
            let compiled = compile(template, groups: .pending)
            guard let text = compiled.constant else { return OperandValue(text: "", template: compiled) }
            guard let normal = normalized(text, for: subject, at: template.range) else { return nil }
            return OperandValue(text: normal, number: NumberText.parse(text), json: .string(text))
        case .word(let word):
            guard subject == .method else {
                error(DiagnosticMessages.bareWord(word), value.range, fixIt: Diagnostic.FixIt(range: value.range, replacement: "\"\(word)\""))
                return nil
            }
            return OperandValue(text: ASCIICase.uppercased(word), json: .string(word))
        case .number(let number, let raw):
            let json: JSONValue? = JSONNumber(raw).map { .number($0) } ?? JSONNumber(NumberText.format(number)).map { .number($0) }
            return OperandValue(text: raw, number: number, isNumber: true, json: json)
        case .bool(let flag):
            return OperandValue(text: flag ? "true" : "false", json: .bool(flag))
        case .null:
            return OperandValue(text: "null", json: .null)
        case .json(let literal):
            guard let json = jsonValue(literal) else { return nil }
            return OperandValue(text: literal.text, json: json, isJSONLiteral: true)
        case .call(let call):
            let source: TemplateSource = call == .now ? .now : .uuid
            return OperandValue(text: "", isNumber: call == .now, template: CompiledTemplate(parts: [.variable(source)]))
        case .list, .range, .regex, .duration, .size:
            let what = inList ? "plain values in its list" : "a single value"
            error(DiagnosticMessages.operatorNeeds(inList ? "in" : "==", what, found: value.kindDescription), value.range)
            return nil
        }
    }

    /// The operand of `contains`, `starts-with` and `ends-with`. On `host`, non-ASCII text
    /// must be whole labels (`ends-with ".bücher.example"`), which have an ASCII form.
    mutating func textOperand(_ template: Template, subject: CompiledTest.Subject, op: ConditionOperator) -> OperandValue? {
        let compiled = compile(template, groups: .pending)
        guard let text = compiled.constant else { return OperandValue(text: "", template: compiled) }
        switch subject {
        case .host:
            let wholeLabels = text.unicodeScalars.allSatisfy(\.isASCII)
                || ((op == .endsWith || op == .contains) ? text.hasPrefix(".") : true)
                    && ((op == .startsWith || op == .contains) ? text.hasSuffix(".") : true)
            guard wholeLabels, let normal = HostName.normalizedLabels(text, allowingWildcards: false) else {
                error(
                    DiagnosticMessages.invalidHost(text, "non-ASCII text in a host test must be whole labels, such as \".bücher.example\""),
                    template.range)
                return nil
            }
            return OperandValue(text: normal)
        default:
            guard let normal = normalized(text, for: subject, at: template.range) else { return nil }
            return OperandValue(text: normal)
        }
    }

    /// A glob over the subject's normal form; a glob is fixed when the rules load, so it
    /// may not hold placeholders.
    mutating func globPattern(_ template: Template, subject: CompiledTest.Subject) -> GlobPattern? {
        let compiled = compile(template, groups: .pending)
        guard let pattern = compiled.constant else {
            error(DiagnosticMessages.operatorNeeds("~", "a glob without '${...}' placeholders", found: "a string with placeholders"), template.range)
            return nil
        }
        switch subject {
        case .host:
            guard let normal = HostName.normalizedLabels(pattern, allowingWildcards: true) else {
                error(DiagnosticMessages.invalidHost(pattern, "a label with a wildcard must be ASCII"), template.range)
                return nil
            }
            return GlobPattern(normal)
        case .path:
            return GlobPattern(PathText.normalized(pattern))
        case .method:
            return GlobPattern(ASCIICase.uppercased(pattern))
        case .scheme:
            return GlobPattern(ASCIICase.lowercased(pattern))
        default:
            return GlobPattern(pattern)
        }
    }

    /// Text in the normal form of the subject it is compared with; `nil` (reported) for a
    /// host that has no ASCII form.
    mutating func normalized(_ text: String, for subject: CompiledTest.Subject, at range: SourceRange) -> String? {
        switch subject {
        case .host:
            guard let normal = HostName.normalized(text) else {
                error(DiagnosticMessages.invalidHost(text, "it has no ASCII (IDNA) form"), range)
                return nil
            }
            return normal
        case .method: return ASCIICase.uppercased(text)
        case .scheme: return ASCIICase.lowercased(text)
        case .path: return PathText.normalized(text)
        default: return text
        }
    }
}
