/// The operators of a test; the raw value is the spelling in rule files.
enum ConditionOperator: String, Sendable, Hashable, CaseIterable {
    /// `==`.
    case equal = "=="
    /// `!=`.
    case notEqual = "!="
    /// `~`: glob (string) or regex literal.
    case matches = "~"
    /// `contains`.
    case contains = "contains"
    /// `starts-with`.
    case startsWith = "starts-with"
    /// `ends-with`.
    case endsWith = "ends-with"
    /// `in`: a list or a numeric range.
    case `in` = "in"
    /// `exists` (postfix, no value).
    case exists = "exists"
    /// `<`.
    case less = "<"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterOrEqual = ">="

    /// The operators spelled as words, for suggestions.
    static let words = ["contains", "starts-with", "ends-with", "in", "exists"]
}
