/// A value written in a rule file: the right-hand side of a test or an action's argument.
public struct Value: Sendable, Hashable {
    /// The kinds of value.
    public indirect enum Kind: Sendable, Hashable {
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
    public enum Call: String, Sendable, Hashable, CaseIterable {
        /// `now()`: Unix time in seconds, as a number.
        case now
        /// `uuid()`: a fresh UUID string.
        case uuid
    }

    /// The value's kind and contents.
    public let kind: Kind
    /// The whole value.
    public let range: SourceRange

    /// Creates a value node.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// A short description of the kind for messages: `a string`, `a number`, ...
    public var kindDescription: String {
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

    /// Whether a string in the value has a `${json.PATH}` placeholder (lists are walked
    /// with a stack, not recursion).
    var readsJSONVariable: Bool {
        var pending = [self]
        while let value = pending.popLast() {
            switch value.kind {
            case .string(let template) where template.readsJSONVariable: return true
            case .list(let values): pending += values
            default: break
            }
        }
        return false
    }

    /// Whether two optional values are the same ignoring positions.
    public static func isStructurallyEqual(_ lhs: Value?, _ rhs: Value?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.isStructurallyEqual(to: rhs)
        default: false
        }
    }

    /// Whether two values are the same ignoring positions.
    public func isStructurallyEqual(to other: Value) -> Bool {
        switch (kind, other.kind) {
        case (.string(let a), .string(let b)): a.isStructurallyEqual(to: b)
        case (.number(let a, _), .number(let b, _)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.regex(let a), .regex(let b)): a.pattern == b.pattern && a.caseInsensitive == b.caseInsensitive
        case (.list(let a), .list(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.isStructurallyEqual(to: $1) }
        case (.range(let a), .range(let b)): a.low == b.low && a.high == b.high
        case (.duration(let a), .duration(let b)): a.milliseconds == b.milliseconds
        case (.size(let a), .size(let b)): a.bytes == b.bytes
        case (.json(let a), .json(let b)): a.text == b.text
        case (.call(let a), .call(let b)): a == b
        case (.word(let a), .word(let b)): a == b
        default: false
        }
    }
}
