/// One value a condition compares with, in every form the comparisons need, computed once.
struct OperandValue: Sendable {
    /// The text, in the subject's normal form (host and scheme lower case, hosts in their
    /// ASCII form, methods upper case, paths percent-encoded).
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
    let template: CompiledTemplate?

    init(
        text: String, number: Double? = nil, isNumber: Bool = false, json: JSONValue? = nil,
        isJSONLiteral: Bool = false, template: CompiledTemplate? = nil
    ) {
        self.text = text
        self.number = number
        self.isNumber = isNumber
        self.json = json
        self.isJSONLiteral = isJSONLiteral
        self.template = template
    }
}
