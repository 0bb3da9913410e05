extension Compiler {
    /// Compiles one test: the subject mapped, the operand prepared in every form it is compared in.
    mutating func compile(_ test: ConditionTest, slots: inout Int) -> CompiledTest {
        let subject = subject(test.subject)
        let never = CompiledTest(subject: subject, op: .in, operand: .list([]))
        switch test.op {
        case .exists:
            return CompiledTest(subject: subject, op: .exists, operand: .none)
        case .in:
            switch test.value?.kind {
            case .range(let range)?:
                return CompiledTest(subject: subject, op: .in, operand: .range(low: range.low, high: range.high))
            case .list(let values)?:
                return CompiledTest(subject: subject, op: .in, operand: .list(values.map { operand($0, for: subject) }))
            default:
                guard let value = test.value else { return never }
                return CompiledTest(subject: subject, op: .in, operand: .list([operand(value, for: subject)]))
            }
        case .matches:
            switch test.value?.kind {
            case .regex(let literal)?:
                do {
                    let regex = try SafeRegex(pattern: literal.pattern, caseInsensitive: literal.caseInsensitive || subject.isCaseInsensitive)
                    // Slot 0 holds `${0}`, the whole match of the rule's first regex.
                    let isFirst = slots == 0
                    if isFirst { slots = 1 }
                    let firstSlot = slots
                    slots += regex.captureCount
                    return CompiledTest(
                        subject: subject, op: .matches, operand: .regex(regex, firstSlot: firstSlot, storesWholeMatch: isFirst))
                } catch {
                    report(DiagnosticMessages.invalidRegex(error.message), at: literal.range)
                    return never
                }
            case .string(let template)?:
                let glob = GlobPattern(template.literalValue ?? template.displayText, caseInsensitive: subject.isCaseInsensitive)
                return CompiledTest(subject: subject, op: .matches, operand: .glob(glob))
            case .word(let word)?:
                return CompiledTest(subject: subject, op: .matches, operand: .glob(GlobPattern(word, caseInsensitive: subject.isCaseInsensitive)))
            default:
                return never
            }
        default:
            guard let value = test.value else { return never }
            return CompiledTest(subject: subject, op: test.op, operand: .value(operand(value, for: subject)))
        }
    }

    /// The compiled subject of a syntax subject; a JSON path is parsed now.
    mutating func subject(_ subject: ConditionSubject) -> CompiledTest.Subject {
        switch subject.kind {
        case .method: .method
        case .scheme: .scheme
        case .host: .host
        case .port: .port
        case .path: .path
        case .url: .url
        case .query(let name): .query(name)
        case .header(let name): .header(name)
        case .json(let text):
            if let path = JSONBridge.path(text) { .json(path) } else { reportInvalidPath(text, at: subject.range) }
        case .body: .body
        case .status: .status
        }
    }

    /// Reports a JSON path the engine cannot parse; the test then reads nothing.
    private mutating func reportInvalidPath(_ text: String, at range: SourceRange) -> CompiledTest.Subject {
        report(DiagnosticMessages.invalidJSONPath(text, "the JSON engine cannot read it"), at: range)
        return .json(JSONPath([]))
    }

    /// An operand value in every form the comparisons need.
    func operand(_ value: Value, for subject: CompiledTest.Subject) -> OperandValue {
        func fold(_ text: String) -> String {
            switch subject {
            case .method: text.uppercased()
            case .host, .scheme: text.lowercased()
            default: text
            }
        }
        switch value.kind {
        case .string(let template):
            guard let text = template.literalValue else {
                return OperandValue(text: "", number: nil, isNumber: false, json: nil, isJSONLiteral: false, template: template)
            }
            return OperandValue(
                text: fold(text), number: NumberText.parse(text), isNumber: false,
                json: JSONBridge.stringValue(text), isJSONLiteral: false, template: nil)
        case .word(let word):
            return OperandValue(
                text: fold(word), number: nil, isNumber: false, json: JSONBridge.stringValue(word),
                isJSONLiteral: false, template: nil)
        case .number(let number, let raw):
            return OperandValue(
                text: raw, number: number, isNumber: true, json: JSONBridge.numberValue(number, raw: raw),
                isJSONLiteral: false, template: nil)
        case .bool(let flag):
            return OperandValue(
                text: flag ? "true" : "false", number: nil, isNumber: false, json: JSONBridge.boolValue(flag),
                isJSONLiteral: false, template: nil)
        case .null:
            return OperandValue(text: "null", number: nil, isNumber: false, json: JSONBridge.nullValue, isJSONLiteral: false, template: nil)
        case .json(let literal):
            return OperandValue(
                text: literal.text, number: nil, isNumber: false, json: JSONBridge.value(ofText: literal.text),
                isJSONLiteral: true, template: nil)
        case .duration(let duration):
            return OperandValue(text: duration.raw, number: duration.seconds, isNumber: true, json: nil, isJSONLiteral: false, template: nil)
        case .size(let size):
            return OperandValue(text: size.raw, number: Double(size.bytes), isNumber: true, json: nil, isJSONLiteral: false, template: nil)
        case .regex(let regex):
            return OperandValue(text: regex.pattern, number: nil, isNumber: false, json: nil, isJSONLiteral: false, template: nil)
        case .call(let call):
            let spelled = Template(parts: [.variable(call == .now ? .now : .uuid, range: value.range)], range: value.range)
            return OperandValue(text: "", number: nil, isNumber: call == .now, json: nil, isJSONLiteral: false, template: spelled)
        case .range, .list:
            return OperandValue(text: "", number: nil, isNumber: false, json: nil, isJSONLiteral: false, template: nil)
        }
    }
}
