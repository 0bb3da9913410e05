/// `when` conditions and `response when` guards.
extension Compiler {
    /// Compiles a condition; regexes take their group slots in source order. Template
    /// operands that name regex groups are checked once the whole condition set is known
    /// (see ``checkPendingGroupReferences(available:)``).
    mutating func compile(_ condition: Condition, inResponse: Bool, slots: inout CaptureSlots) -> CompiledCondition {
        switch condition.kind {
        case .test(let test):
            return .test(compile(test, inResponse: inResponse, slots: &slots))
        case .and(let operands):
            var compiled: [CompiledCondition] = []
            for operand in operands { compiled.append(compile(operand, inResponse: inResponse, slots: &slots)) }
            return CompiledCondition.conjunction(compiled) ?? .and([])
        case .or(let operands):
            var compiled: [CompiledCondition] = []
            for operand in operands {
                let inner = compile(operand, inResponse: inResponse, slots: &slots)
                if case .or(let nested) = inner { compiled += nested } else { compiled.append(inner) }
            }
            return .or(compiled)
        case .not(let operand):
            return .not(compile(operand, inResponse: inResponse, slots: &slots))
        }
    }

    /// Compiles one test, checking that its operator and value fit together.
    mutating func compile(_ test: ConditionTest, inResponse: Bool, slots: inout CaptureSlots) -> CompiledTest {
        let subject = compile(test.subject, inResponse: inResponse)
        let never = CompiledTest(subject: subject, op: .in, operand: .list([]))
        guard let value = test.value, test.op != .exists else {
            return CompiledTest(subject: subject, op: .exists, operand: .none)
        }
        let op = test.op.rawValue
        switch test.op {
        case .in:
            switch value.kind {
            case .list(let elements):
                var operands: [OperandValue] = []
                for element in elements {
                    if let operand = scalarOperand(element, subject: subject, inList: true) { operands.append(operand) }
                }
                return CompiledTest(subject: subject, op: .in, operand: .list(operands))
            case .range(let range):
                if range.low > range.high {
                    error(
                        DiagnosticMessages.emptyRange(source.text(in: range.lowRange), source.text(in: range.highRange)),
                        value.range)
                }
                return CompiledTest(subject: subject, op: .in, operand: .range(low: range.low, high: range.high))
            default:
                error(DiagnosticMessages.inNeedsListOrRange(found: value.kindDescription), value.range)
                return never
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .part(_, .size) = subject, case .size(let size) = value.kind {
                return CompiledTest(
                    subject: subject, op: test.op, operand: .value(OperandValue(text: size.raw, number: Double(size.bytes), isNumber: true)))
            }
            guard case .number(let number, let raw) = value.kind else {
                error(DiagnosticMessages.operatorNeeds(op, "a number", found: value.kindDescription), value.range)
                return never
            }
            return CompiledTest(subject: subject, op: test.op, operand: .value(OperandValue(text: raw, number: number, isNumber: true)))
        case .matches:
            switch value.kind {
            case .regex(let literal):
                guard let regex = compile(literal, caseInsensitive: subject.isCaseInsensitive) else {
                    slots.takeInvalid()
                    return never
                }
                let (firstSlot, storesWholeMatch) = slots.take(regex.captureCount, fromURL: subject.isURLPart)
                return CompiledTest(
                    subject: subject, op: .matches,
                    operand: .regex(regex, firstSlot: firstSlot, storesWholeMatch: storesWholeMatch))
            case .string(let template):
                guard let glob = globPattern(template, subject: subject) else { return never }
                return CompiledTest(subject: subject, op: .matches, operand: .glob(glob))
            default:
                error(DiagnosticMessages.operatorNeeds(op, "a glob string or a regex", found: value.kindDescription), value.range)
                return never
            }
        case .contains, .startsWith, .endsWith:
            guard case .string(let template) = value.kind else {
                error(DiagnosticMessages.operatorNeeds(op, "a string", found: value.kindDescription), value.range)
                return never
            }
            guard let operand = textOperand(template, subject: subject, op: test.op) else { return never }
            return CompiledTest(subject: subject, op: test.op, operand: .value(operand))
        case .equal, .notEqual:
            switch value.kind {
            case .list, .range, .regex, .duration, .size:
                error(DiagnosticMessages.operatorNeeds(op, "a single value", found: value.kindDescription), value.range)
                return never
            default:
                guard let operand = scalarOperand(value, subject: subject, inList: false) else { return never }
                return CompiledTest(subject: subject, op: test.op, operand: .value(operand))
            }
        case .exists:
            return CompiledTest(subject: subject, op: .exists, operand: .none)
        }
    }

    /// The compiled subject; `status` only in `response when`, a JSON path parsed now.
    mutating func compile(_ subject: ConditionSubject, inResponse: Bool) -> CompiledTest.Subject {
        switch subject.kind {
        case .method: return .method
        case .scheme: return .scheme
        case .host: return .host
        case .port: return .port
        case .path: return .path
        case .url: return .url
        case .query(let name): return .query(name)
        case .header(let name): return .header(name)
        case .body: return .body
        case .status:
            if !inResponse { error(DiagnosticMessages.statusOutsideResponse, subject.range) }
            return .status
        case .event:
            if !inMessageBlock { error(DiagnosticMessages.eventOutsideMessages, subject.range) }
            return .event
        case .json(let text):
            return .json(jsonPath(text, at: subject.argumentRange ?? subject.range) ?? JSONPath([]))
        case .part(let selector, let property):
            if inMessageBlock { error(DiagnosticMessages.partTestOutsideWhen, subject.range) }
            return .part(compile(selector), compile(property, at: subject.argumentRange ?? subject.range))
        case .graphQLOperation, .graphQLType:
            if inResponse { error(DiagnosticMessages.graphQLInResponse, subject.range) }
            return subject.kind == .graphQLOperation ? .graphQLOperation : .graphQLType
        }
    }

    /// Reports regex groups named by condition templates beyond those available, and
    /// forgets them: called after a rule's `when` conditions, and after each guard.
    mutating func checkPendingGroupReferences(available groups: Int?) {
        defer { pendingGroupReferences.removeAll() }
        guard let groups else { return }
        for (number, range) in pendingGroupReferences where number > groups {
            error(DiagnosticMessages.missingRegexGroup(number, available: groups), range)
        }
    }
}
