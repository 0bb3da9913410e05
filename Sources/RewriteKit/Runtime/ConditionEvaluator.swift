/// Evaluates compiled conditions against a request, or against a response in a
/// `response when` guard (where `header`, `json`, `body` and `status` read the response).
///
/// A subject that is absent (a missing header, query parameter or JSON value, no body)
/// makes every test false except `!=`, which is true; `not` then inverts as usual.
struct ConditionEvaluator {
    /// The request URL subjects read.
    let request: HTTPRequest
    /// The response guards read, in the response phase.
    let response: HTTPResponse?
    /// For operands written with placeholders.
    let environment: EvaluationEnvironment

    /// The value a subject has in the message.
    enum SubjectValue {
        case absent
        case text(String)
        case number(Double)
        case json(JSONValue)
    }

    /// Whether the condition holds; regex groups are written to `captures`.
    func holds(_ condition: CompiledCondition, captures: inout [String]) -> Bool {
        switch condition {
        case .test(let test): return holds(test, captures: &captures)
        case .and(let operands):
            for operand in operands where !holds(operand, captures: &captures) { return false }
            return true
        case .or(let operands):
            for operand in operands where holds(operand, captures: &captures) { return true }
            return false
        case .not(let operand): return !holds(operand, captures: &captures)
        }
    }

    /// Three-valued evaluation for ``Pipeline/mightApply(to:)``: `nil` when the answer
    /// depends on a body that is not known yet.
    func mightHold(_ condition: CompiledCondition) -> Bool? {
        switch condition {
        case .test(let test):
            if test.subject.readsBody && request.body == nil { return nil }
            var none: [String] = []
            return holds(test, captures: &none)
        case .and(let operands):
            var result: Bool? = true
            for operand in operands {
                switch mightHold(operand) {
                case false?: return false
                case nil: result = nil
                case true?: break
                }
            }
            return result
        case .or(let operands):
            var result: Bool? = false
            for operand in operands {
                switch mightHold(operand) {
                case true?: return true
                case nil: result = nil
                case false?: break
                }
            }
            return result
        case .not(let operand):
            return mightHold(operand).map { !$0 }
        }
    }

    /// Whether one test holds.
    func holds(_ test: CompiledTest, captures: inout [String]) -> Bool {
        let value = self.value(of: test.subject)
        if case .absent = value { return test.op == .notEqual }
        let folded = test.subject.isCaseInsensitive
        switch (test.op, test.operand) {
        case (.exists, _):
            return true
        case (.equal, .value(let operand)):
            return equals(value, operand, folded: folded, captures: captures)
        case (.notEqual, .value(let operand)):
            return !equals(value, operand, folded: folded, captures: captures)
        case (.in, .list(let operands)):
            return operands.contains { equals(value, $0, folded: folded, captures: captures) }
        case (.in, .range(let low, let high)):
            guard let number = Self.number(of: value) else { return false }
            return number >= low && number <= high
        case (.less, .value(let operand)), (.lessOrEqual, .value(let operand)),
            (.greater, .value(let operand)), (.greaterOrEqual, .value(let operand)):
            guard let lhs = Self.number(of: value), let rhs = operand.number else { return false }
            switch test.op {
            case .less: return lhs < rhs
            case .lessOrEqual: return lhs <= rhs
            case .greater: return lhs > rhs
            default: return lhs >= rhs
            }
        case (.contains, .value(let operand)), (.startsWith, .value(let operand)), (.endsWith, .value(let operand)):
            guard var text = Self.text(of: value) else { return false }
            var needle = operandText(operand, captures: captures)
            if folded {
                text = text.lowercased()
                needle = needle.lowercased()
            }
            switch test.op {
            case .contains: return needle.isEmpty || text.contains(needle)
            case .startsWith: return text.hasPrefix(needle)
            default: return text.hasSuffix(needle)
            }
        case (.matches, .glob(let glob)):
            guard let text = Self.text(of: value) else { return false }
            return Self.mayMatch(glob, text) && glob.matches(text)
        case (.matches, .regex(let regex, let firstSlot, let storesWholeMatch)):
            guard let text = Self.text(of: value) else { return false }
            let groups = regex.captureCount
            guard groups > 0 || storesWholeMatch, firstSlot + groups <= captures.count else { return regex.matches(text) }
            guard let match = regex.firstMatch(in: text) else { return false }
            if storesWholeMatch { captures[0] = match.group(0) ?? "" }
            for group in 0..<groups {
                captures[firstSlot + group] = match.group(group + 1) ?? ""
            }
            return true
        default:
            return false
        }
    }

    /// Whether a subject value equals an operand: numbers as numbers, JSON as JSON,
    /// text exactly (ASCII case-insensitively for `method`, `scheme`, `host`).
    private func equals(_ value: SubjectValue, _ operand: OperandValue, folded: Bool, captures: [String]) -> Bool {
        switch value {
        case .absent:
            return false
        case .number(let number):
            return operand.number == number
        case .text(let text):
            if operand.isNumber {
                guard let number = NumberText.parse(text) else { return false }
                return operand.number == number
            }
            if operand.isJSONLiteral, let expected = operand.json {
                guard let actual = JSONBridge.value(ofText: text) else { return false }
                return actual == expected
            }
            let expected = operandText(operand, captures: captures)
            return folded ? HTTPHeaders.namesMatch(text, expected) : text == expected
        case .json(let json):
            if operand.template != nil {
                return json == JSONBridge.stringValue(operandText(operand, captures: captures))
            }
            guard let expected = operand.json else { return false }
            return json == expected
        }
    }

    /// The operand's text, rendering placeholders when it has any.
    private func operandText(_ operand: OperandValue, captures: [String]) -> String {
        guard let template = operand.template else { return operand.text }
        var renderer = TemplateRenderer(request: request, response: response, captures: captures, environment: environment)
        return renderer.render(template)
    }

    /// A quick, allocation-free rejection: a glob can only match text that starts with its
    /// literal prefix and ends with its literal suffix.
    static func mayMatch(_ glob: GlobPattern, _ text: String) -> Bool {
        if glob.isCaseInsensitive {
            return hasAffix(text.utf8, glob.literalPrefix.utf8, folded: true, atEnd: false)
                && hasAffix(text.utf8, glob.literalSuffix.utf8, folded: true, atEnd: true)
        }
        return hasAffix(text.utf8, glob.literalPrefix.utf8, folded: false, atEnd: false)
            && hasAffix(text.utf8, glob.literalSuffix.utf8, folded: false, atEnd: true)
    }

    /// Whether `text` starts (or ends) with `affix`, ignoring ASCII case when `folded`.
    /// Non-ASCII affixes under case folding are not checked (the glob decides).
    private static func hasAffix(_ text: String.UTF8View, _ affix: String.UTF8View, folded: Bool, atEnd: Bool) -> Bool {
        guard !affix.isEmpty else { return true }
        guard affix.count <= text.count else { return false }
        let start = atEnd ? text.index(text.endIndex, offsetBy: -affix.count) : text.startIndex
        var index = start
        for expected in affix {
            let actual = text[index]
            if actual != expected {
                guard folded, expected < 0x80, actual < 0x80 else { return folded && (expected >= 0x80 || actual >= 0x80) }
                guard (actual | 0x20) == (expected | 0x20), (actual | 0x20) >= 0x61, (actual | 0x20) <= 0x7A else { return false }
            }
            index = text.index(after: index)
        }
        return true
    }

    /// Reads a subject from the message.
    func value(of subject: CompiledTest.Subject) -> SubjectValue {
        switch subject {
        case .method: return .text(request.method)
        case .scheme: return .text(request.url.scheme)
        case .host: return .text(request.url.host)
        case .port: return request.url.effectivePort.map { .number(Double($0)) } ?? .absent
        case .path: return .text(request.url.path)
        case .url: return .text(request.url.description)
        case .query(let name):
            return QueryParameterLookup.firstValue(named: name, in: request.url.query).map { .text($0) } ?? .absent
        case .header(let name):
            let headers = response?.headers ?? request.headers
            return headers[name].map { .text($0) } ?? .absent
        case .status:
            return response.map { .number(Double($0.status)) } ?? .absent
        case .body:
            guard let body = response.map({ Optional($0.body) }) ?? request.body else { return .absent }
            return .text(String(decoding: body, as: UTF8.self))
        case .json(let path):
            guard let body = response.map({ Optional($0.body) }) ?? request.body,
                let json = JSONBridge.value(at: path, in: body)
            else { return .absent }
            return .json(json)
        }
    }

    /// A subject value as text for text tests, globs and regexes.
    static func text(of value: SubjectValue) -> String? {
        switch value {
        case .absent: nil
        case .text(let text): text
        case .number(let number): TemplateRenderer.numberText(number)
        case .json(let json): JSONBridge.text(of: json)
        }
    }

    /// A subject value as a number for orderings and ranges; `nil` when it is not one.
    static func number(of value: SubjectValue) -> Double? {
        switch value {
        case .absent: nil
        case .number(let number): number
        case .text(let text): NumberText.parse(text)
        case .json(let json): JSONBridge.number(of: json)
        }
    }
}
