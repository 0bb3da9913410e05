/// Evaluates compiled conditions against a request, or against a response in a
/// `response when` guard (where `header`, `json`, `body` and `status` read the response).
///
/// Text is compared byte for byte in each subject's normal form (the operands were put in
/// it when the rules loaded): hosts lower case and in their ASCII form, methods upper case,
/// schemes lower case, paths percent-encoded. A subject that is absent (a missing header,
/// query parameter or JSON value, no body) makes every test false except `!=`, which is
/// true; `not` then inverts as usual. A regex that gives up (over its work budget, see
/// ``SafeRegex``) makes its test false, and ``problems`` says so.
struct ConditionEvaluator: ~Copyable {
    /// The request URL subjects read.
    let request: HTTPRequest
    /// The response guards read, in the response phase.
    let response: HTTPResponse?
    /// The body `json` and `body` read: the request's, or in a guard the response's;
    /// `nil` when there is none (or, for ``mightHold(_:)``, when it is not known yet).
    let body: BodyView?
    /// For operands written with placeholders.
    let environment: EvaluationEnvironment
    /// The name of the server-sent event `event` reads, in `response each message when`.
    var messageEvent: String?
    /// Why tests gave up since the caller last cleared this: for the trace.
    var problems: [String] = []

    init(request: HTTPRequest, response: HTTPResponse?, body: BodyView?, environment: EvaluationEnvironment) {
        self.request = request
        self.response = response
        self.body = body
        self.environment = environment
    }

    /// The value a subject has in the message.
    enum SubjectValue {
        case absent
        case text(String)
        case number(Double)
        case json(JSONValue)

        /// Whether the subject is absent.
        var isAbsent: Bool {
            if case .absent = self { return true }
            return false
        }
    }

    /// Whether the condition holds; regex groups are written to `captures`.
    mutating func holds(_ condition: CompiledCondition, captures: inout [String]) -> Bool {
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
    mutating func mightHold(_ condition: CompiledCondition) -> Bool? {
        switch condition {
        case .test(let test):
            if test.readsBody && body == nil { return nil }
            var none: [String] = []
            let known = problems.count
            let result = holds(test, captures: &none)
            // A regex that gave up leaves the answer open: the request phase decides.
            guard problems.count == known else {
                problems.removeLast(problems.count - known)
                return nil
            }
            return result
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
    mutating func holds(_ test: CompiledTest, captures: inout [String]) -> Bool {
        // The commonest test, a path or host equal to plain text, compared in place.
        if test.op == .equal || test.op == .notEqual, case .value(let operand) = test.operand, operand.isPlainText {
            switch test.subject {
            case .path: return ByteText.equal(request.url.path, operand.text) == (test.op == .equal)
            case .host: return ByteText.equal(request.url.normalizedHost, operand.text) == (test.op == .equal)
            default: break
            }
        }
        // `json "PATH" exists` needs the value found, not decoded.
        if test.op == .exists, case .json(let path) = test.subject { return body?.hasJSONValue(at: path) ?? false }
        let value = self.value(of: test.subject)
        if case .absent = value { return test.op == .notEqual }
        switch (test.op, test.operand) {
        case (.exists, _):
            return true
        case (.equal, .value(let operand)):
            return equals(value, operand, subject: test.subject, captures: captures)
        case (.notEqual, .value(let operand)):
            return !equals(value, operand, subject: test.subject, captures: captures)
        case (.in, .list(let operands)):
            return operands.contains { equals(value, $0, subject: test.subject, captures: captures) }
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
            guard let text = Self.text(of: value) else { return false }
            let needle = operandText(operand, subject: test.subject, captures: captures)
            switch test.op {
            case .contains: return ByteText.contains(text, needle)
            case .startsWith: return ByteText.hasPrefix(text, needle)
            default: return ByteText.hasSuffix(text, needle)
            }
        case (.matches, .glob(let glob)):
            guard let text = Self.text(of: value) else { return false }
            return ByteText.hasPrefix(text, glob.literalPrefix) && ByteText.hasSuffix(text, glob.literalSuffix)
                && glob.matches(text)
        case (.matches, .regex(let regex, let firstSlot, let storesWholeMatch)):
            guard let text = Self.text(of: value) else { return false }
            let groups = regex.captureCount
            do {
                guard groups > 0 || storesWholeMatch, firstSlot + groups <= captures.count else { return try regex.matches(text) }
                guard let match = try regex.firstMatch(in: text) else { return false }
                if storesWholeMatch { captures[0] = match.group(0) ?? "" }
                for group in 0..<groups {
                    captures[firstSlot + group] = match.group(group + 1) ?? ""
                }
                return true
            } catch {
                problems.append("\(test.subject.name) ~ /\(regex.pattern)/: \(error)")
                return false
            }
        default:
            return false
        }
    }

    /// Whether a subject value equals an operand: numbers as numbers, JSON as JSON,
    /// text byte for byte.
    private func equals(_ value: SubjectValue, _ operand: OperandValue, subject: CompiledTest.Subject, captures: [String]) -> Bool {
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
                guard let actual = try? JSONValue.parse(text) else { return false }
                return actual == expected
            }
            return ByteText.equal(text, operandText(operand, subject: subject, captures: captures))
        case .json(let json):
            if operand.template != nil {
                return json == .string(operandText(operand, subject: subject, captures: captures))
            }
            guard let expected = operand.json else { return false }
            return json == expected
        }
    }

    /// The operand's text, rendering placeholders (and putting the result in the subject's
    /// normal form) when it has any.
    private func operandText(_ operand: OperandValue, subject: CompiledTest.Subject, captures: [String]) -> String {
        guard let template = operand.template else { return operand.text }
        var renderer = TemplateRenderer(
            request: request, response: response, body: body, captures: captures, environment: environment)
        let text = renderer.render(template)
        switch subject {
        case .host: return HostName.normalized(text) ?? text
        case .method: return ASCIICase.uppercased(text)
        case .scheme: return ASCIICase.lowercased(text)
        case .path: return PathText.normalized(text)
        default: return text
        }
    }

    /// The request's GraphQL operation; read only by `graphql` subjects, in `when`.
    private var graphQLOperation: GraphQLOperation? {
        response == nil ? GraphQLOperation(request: request, body: body) : nil
    }

    /// Reads a subject from the message, in its normal form.
    func value(of subject: CompiledTest.Subject) -> SubjectValue {
        switch subject {
        case .method: return .text(ASCIICase.uppercased(request.method))
        case .scheme: return .text(ASCIICase.lowercased(request.url.scheme))
        case .host: return .text(request.url.normalizedHost)
        case .port: return request.url.effectivePort.map { .number(Double($0)) } ?? .absent
        case .path: return .text(request.url.path)
        case .url: return .text(request.url.description)
        case .query(let name):
            return QueryString.firstValue(named: name, in: request.url.query).map { .text($0) } ?? .absent
        case .header(let name):
            let headers = response?.headers ?? request.headers
            return headers[name].map { .text($0) } ?? .absent
        case .status:
            return response.map { .number(Double($0.status)) } ?? .absent
        case .body:
            return body.map { .text($0.text) } ?? .absent
        case .json(let path):
            return body?.jsonValue(at: path).map { .json($0) } ?? .absent
        case .graphQLOperation:
            return graphQLOperation?.name.map { .text($0) } ?? .absent
        case .graphQLType:
            return graphQLOperation?.type.map { .text($0.rawValue) } ?? .absent
        case .event:
            return messageEvent.map { .text($0) } ?? .absent
        case .part(let selector, let property):
            let headers = response?.headers ?? request.headers
            guard let body, case .success(let parts) = body.multipart(contentType: headers["Content-Type"]),
                  let index = parts.picked(selector).first
            else { return .absent }
            return Self.value(of: property, ofPart: index, in: parts)
        }
    }

    /// What a `part` test reads of the part at `index`.
    private static func value(of property: CompiledPartProperty, ofPart index: Int, in parts: MultipartBody) -> SubjectValue {
        let facts = parts.parts[index].facts
        switch property {
        case .value:
            return parts.body(of: index).map { .text(String(decoding: $0, as: UTF8.self)) } ?? .absent
        case .json(let path):
            return parts.body(of: index).flatMap { BodyView($0).jsonValue(at: path) }.map { .json($0) } ?? .absent
        case .header(let name):
            return facts.header(name).map { .text($0) } ?? .absent
        case .filename:
            return facts.filename.map { .text($0) } ?? .absent
        case .contentType:
            return .text(facts.mediaType)
        case .size:
            return .number(Double(parts.bodyCount(of: index)))
        }
    }

    /// A subject value as text for text tests, globs and regexes.
    static func text(of value: SubjectValue) -> String? {
        switch value {
        case .absent: nil
        case .text(let text): text
        case .number(let number): NumberText.format(number)
        case .json(let json): json.textValue
        }
    }

    /// A subject value as a number for orderings and ranges; `nil` when it is not one.
    static func number(of value: SubjectValue) -> Double? {
        switch value {
        case .absent: nil
        case .number(let number): number
        case .text(let text): NumberText.parse(text)
        case .json(.number(let number)): number.double.isFinite ? number.double : nil
        case .json: nil
        }
    }
}
