/// One `SUBJECT OPERATOR VALUE` test with its operand prepared for fast evaluation.
struct CompiledTest: Sendable {
    /// What the test reads.
    enum Subject: Sendable, Hashable {
        case method, scheme, host, port, path, url, body, status
        case query(String)
        case header(String)
        case json(JSONPath)

        /// Whether the subject compares case-insensitively (`method`, `scheme`, `host`).
        var isCaseInsensitive: Bool {
            switch self {
            case .method, .scheme, .host: true
            default: false
            }
        }

        /// Whether the subject reads the body.
        var readsBody: Bool {
            switch self {
            case .json, .body: true
            default: false
            }
        }

        /// A relative estimate of the cost of reading the subject.
        var cost: Int {
            switch self {
            case .method, .scheme, .port, .status: 1
            case .host, .path: 2
            case .header: 3
            case .query: 5
            case .url: 6
            case .body: 40
            case .json: 60
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

    /// A relative estimate of the work evaluation takes.
    var cost: Int {
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

/// One operand value with the forms the comparisons need, computed once.
struct OperandValue: Sendable {
    /// The text (folded to upper case for `method`, lower case for `host` and `scheme`).
    let text: String
    /// The numeric value, when the operand is a number or text that reads as one.
    let number: Double?
    /// Whether the operand was written as a number: text subjects then compare numerically.
    let isNumber: Bool
    /// The operand as a JSON value, for `json` subjects (and `body == json {...}`).
    let json: JSONValue?
    /// Whether the operand was written as a `json {...}` literal.
    let isJSONLiteral: Bool
    /// The template, when the operand is a string with `${...}` placeholders.
    let template: Template?
}
