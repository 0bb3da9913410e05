/// A value written in a rule file: the right-hand side of a test or an action's argument.
struct Value: Sendable, Hashable {
    /// The kinds of value.
    indirect enum Kind: Sendable, Hashable {
        /// A string literal, possibly with `${...}` templates.
        case string(Template)
        /// A number; `raw` is its spelling (`-1.5`, `42`).
        case number(Double, raw: String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// A regex literal `/.../i`.
        case regex(RegexLiteral)
        /// A list `[a, b]`.
        case list([Value])
        /// A numeric range `LOW..HIGH` (both ends included).
        case range(NumericRange)
        /// A duration such as `250ms`.
        case duration(DurationValue)
        /// A size such as `64KB`.
        case size(SizeValue)
        /// A JSON literal `json {...}` / `json [...]`.
        case json(JSONLiteral)
        /// A call: `now()` or `uuid()`.
        case call(Call)
        /// A bare word such as `GET`.
        case word(String)
    }

    /// The calls a value may make.
    enum Call: String, Sendable, Hashable, CaseIterable {
        /// `now()`: Unix time in seconds, as a number.
        case now
        /// `uuid()`: a fresh UUID string.
        case uuid
    }

    /// The value's kind and contents.
    let kind: Kind
    /// The whole value.
    let range: SourceRange

    /// Creates a value node.
    init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// A short description of the kind for messages: `a string`, `a number`, ...
    var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "'null'"
        case .regex: "a regex"
        case .list: "a list"
        case .range: "a range"
        case .duration: "a duration"
        case .size: "a size"
        case .json: "a JSON literal"
        case .call(let call): "'\(call.rawValue)()'"
        case .word(let word): "'\(word)'"
        }
    }
}
