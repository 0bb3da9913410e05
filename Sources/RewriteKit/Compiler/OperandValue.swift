/// One value a condition compares with, in every form the comparisons need, computed once.
///
/// Kept small (most rule files hold thousands of them): the JSON form of a plain string or
/// number is derived from its text, and only the rare parts (a JSON literal, a template,
/// `true`/`false`/`null`) sit in a separate, shared box.
struct OperandValue: Sendable {
    /// What only some operands have.
    private final class Extra: Sendable {
        let json: JSONValue?
        let template: CompiledTemplate?

        init(json: JSONValue?, template: CompiledTemplate?) {
            self.json = json
            self.template = template
        }
    }

    /// The text, in the subject's normal form (host and scheme lower case, hosts in their
    /// ASCII form, methods upper case, paths percent-encoded).
    let text: String
    /// The numeric value, when the operand is a number or text that reads as one.
    let number: Double?
    /// Whether the operand was written as a number: text subjects then compare numerically.
    let isNumber: Bool
    /// Whether the operand was written as a `json {...}` literal.
    let isJSONLiteral: Bool
    private let extra: Extra?

    init(
        text: String, number: Double? = nil, isNumber: Bool = false, json: JSONValue? = nil,
        isJSONLiteral: Bool = false, template: CompiledTemplate? = nil
    ) {
        self.text = text
        self.number = number
        self.isNumber = isNumber
        self.isJSONLiteral = isJSONLiteral
        // Store the JSON form only when it is not the one derived from the text.
        let derived = Self.derivedJSON(text: text, isNumber: isNumber)
        let storesJSON = json != nil && json != derived
        extra = storesJSON || template != nil ? Extra(json: storesJSON ? json : nil, template: template) : nil
    }

    /// The operand as a JSON value, for `json` subjects (and `body == json {...}`).
    var json: JSONValue? {
        extra?.json ?? (extra?.template == nil ? Self.derivedJSON(text: text, isNumber: isNumber) : nil)
    }

    /// Whether the operand is plain text: compared byte for byte with a text subject, with
    /// no number, JSON literal or placeholder to consider.
    var isPlainText: Bool { extra == nil && !isNumber && !isJSONLiteral }

    /// The template, when the operand is a string with `${...}` placeholders.
    var template: CompiledTemplate? { extra?.template }

    /// A number's JSON from its spelling, a string's from its text.
    private static func derivedJSON(text: String, isNumber: Bool) -> JSONValue? {
        isNumber ? JSONNumber(text).map { .number($0) } : .string(text)
    }
}
