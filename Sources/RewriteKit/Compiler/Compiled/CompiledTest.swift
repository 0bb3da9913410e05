/// One `SUBJECT OPERATOR VALUE` test with its operand prepared for fast evaluation.
struct CompiledTest: Sendable {
    /// What the test reads.
    enum Subject: Sendable, Hashable {
        case method, scheme, host, port, path, url, body, status, event
        case graphQLOperation, graphQLType
        case query(String)
        case header(String)
        case json(JSONPath)
        /// `part SELECTOR [PROPERTY]`. Boxed: as the largest payload it made every test of
        /// every rule 48 bytes larger.
        indirect case part(CompiledPartSelector, CompiledPartProperty)

        /// Whether regexes on the subject ignore case (`method`, `scheme`, `host`). Other
        /// comparisons need no folding: operands and values are both in normal form.
        var isCaseInsensitive: Bool {
            switch self {
            case .method, .scheme, .host: true
            default: false
            }
        }

        /// The subject as written in a rule (`host`, `header "X-Debug"`), for messages.
        var name: String {
            switch self {
            case .method: "method"
            case .scheme: "scheme"
            case .host: "host"
            case .port: "port"
            case .path: "path"
            case .url: "url"
            case .body: "body"
            case .status: "status"
            case .event: "event"
            case .graphQLOperation: "graphql operation"
            case .graphQLType: "graphql type"
            case .query(let name): "query \"\(name)\""
            case .header(let name): "header \"\(name)\""
            case .json(let path): "json \"\(path)\""
            case .part(let selector, let property): selector.spelling + property.spelling
            }
        }

        /// Whether the subject is a part of the URL, in its encoded form.
        var isURLPart: Bool {
            switch self {
            case .url, .path, .host, .scheme: true
            default: false
            }
        }

        /// Whether the subject reads the body.
        var readsBody: Bool {
            switch self {
            case .json, .body, .graphQLOperation, .graphQLType, .part: true
            default: false
            }
        }

        /// A relative estimate of the cost of reading the subject.
        var cost: Int {
            switch self {
            case .method, .scheme, .port, .status, .event: 1
            case .host, .path: 2
            case .header: 3
            case .query: 5
            case .url: 6
            case .body: 40
            case .json: 60
            case .graphQLOperation, .graphQLType: 70
            case .part: 80
            }
        }
    }

    /// The right-hand side, prepared.
    enum Operand: Sendable {
        /// `exists`: nothing to compare with.
        case none
        /// One value (`==`, `!=`, text tests, orderings).
        case value(OperandValue)
        /// `in [ ... ]`.
        case list([OperandValue])
        /// `in LOW..HIGH`.
        case range(low: Double, high: Double)
        /// `~ "GLOB"`.
        case glob(GlobPattern)
        /// `~ /REGEX/`; group `n` goes to `captures[firstSlot + n - 1]`, and the whole
        /// match to `captures[0]` (`${0}`) when this is the rule's first regex.
        case regex(SafeRegex, firstSlot: Int, storesWholeMatch: Bool)
    }

    /// What is read.
    let subject: Subject
    /// How it is compared.
    let op: ConditionOperator
    /// What it is compared with.
    let operand: Operand

    /// Whether the operand renders a regex group (`header "X" == "${1}"`): such a test must
    /// run after the regexes that fill the group.
    var readsCaptures: Bool {
        anOperandTemplate(\.readsCaptures)
    }

    /// Whether evaluating the test reads the body: through its subject (`json`, `body`,
    /// `graphql …`), or through a `${json.PATH}` placeholder in the value it is compared
    /// with. The interceptor reads an upload's body, and admits the rule before it has
    /// it, by this.
    var readsBody: Bool {
        subject.readsBody || anOperandTemplate(\.readsJSONBody)
    }

    /// Whether evaluating the test reads the body other than through a `part` subject.
    var readsBodyOutsideParts: Bool {
        if case .part = subject { return anOperandTemplate(\.readsJSONBody) }
        return readsBody
    }

    /// Whether a template in the compared value (one value or a list's) has `property`.
    private func anOperandTemplate(_ property: (CompiledTemplate) -> Bool) -> Bool {
        switch operand {
        case .value(let value): value.template.map(property) ?? false
        case .list(let values): values.contains { $0.template.map(property) ?? false }
        case .none, .range, .glob, .regex: false
        }
    }

    /// A relative estimate of the work evaluation takes; a test that reads regex groups
    /// counts as the most expensive, so an `and` runs it last.
    var cost: Int {
        if readsCaptures { return 10_000 }
        let operandCost: Int
        switch operand {
        case .none, .range: operandCost = 0
        case .value: operandCost = op == .equal || op == .notEqual ? 0 : 1
        case .list(let values): operandCost = 1 + values.count / 4
        case .glob: operandCost = 4
        case .regex: operandCost = 12
        }
        return subject.cost + operandCost
    }
}

extension CompiledTest {
    /// The test as a rule would write it, so it can be pasted back: strings with their
    /// quotes and backslashes escaped, regexes with `/` written `\/`.
    var text: String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func value(_ operand: OperandValue) -> String {
            operand.isNumber || operand.isJSONLiteral ? operand.text : quoted(operand.text)
        }
        let right: String
        switch operand {
        case .none: right = ""
        case .value(let operand): right = " " + value(operand)
        case .list(let operands): right = " [" + operands.map(value).joined(separator: ", ") + "]"
        case .range(let low, let high): right = " \(NumberText.format(low))..\(NumberText.format(high))"
        case .glob(let glob): right = " " + quoted(glob.pattern)
        case .regex(let regex, _, _): right = " /" + Self.regexLiteralBody(regex.pattern) + "/" + (regex.isCaseInsensitive ? "i" : "")
        }
        return "\(subject.name) \(op.rawValue)\(right)"
    }

    /// A regex pattern as it stands between a literal's slashes: each `/` written `\/`
    /// (an escape the pattern had already stays as it is).
    static func regexLiteralBody(_ pattern: String) -> String {
        var out = ""
        var escaped = false
        for character in pattern {
            if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\" {
                out.append(character)
                escaped = true
            } else if character == "/" {
                out += "\\/"
            } else {
                out.append(character)
            }
        }
        return out
    }
}
