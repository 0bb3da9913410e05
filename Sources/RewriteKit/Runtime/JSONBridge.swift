/// The pipeline's few entry points into the JSON engine (`Runtime/JSON`), in the shapes
/// conditions, templates and body actions use.
enum JSONBridge {
    /// What a JSON edit did.
    typealias Edit = JSONEditResult

    /// Whether the bytes are one valid JSON text.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        JSONSyntax.validate(bytes) == nil
    }

    /// Text as a JSON string literal, quotes included.
    static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }

    /// A parsed path, or `nil` when the text is not one.
    static func path(_ text: String) -> JSONPath? {
        try? JSONPath.parse(text)
    }

    /// The value at `path` in a JSON body, or `nil` (not JSON, path missing).
    static func value(at path: JSONPath, in body: [UInt8]) -> JSONValue? {
        JSONReader.value(at: path, in: body)
    }

    /// The template text of the value at a path written as text: strings without quotes,
    /// anything else as compact JSON.
    static func text(atPath text: String, in body: [UInt8]) -> String? {
        guard let path = path(text), let value = JSONReader.value(at: path, in: body) else { return nil }
        return value.textValue
    }

    /// A value as text for text tests: strings without quotes, anything else as JSON.
    static func text(of value: JSONValue) -> String {
        value.textValue
    }

    /// A JSON number's value; `nil` for every other kind.
    static func number(of value: JSONValue) -> Double? {
        guard case .number(let number) = value, number.double.isFinite else { return nil }
        return number.double
    }

    /// A whole text parsed as JSON, or `nil`.
    static func value(ofText text: String) -> JSONValue? {
        try? JSONValue.parse(text)
    }

    /// `"text"` as a JSON value.
    static func stringValue(_ text: String) -> JSONValue { .string(text) }

    /// A number as a JSON value, keeping its spelling when that is valid JSON.
    static func numberValue(_ number: Double, raw: String) -> JSONValue? {
        if let parsed = JSONNumber(raw) { return .number(parsed) }
        return JSONNumber(TemplateRenderer.numberText(number)).map { .number($0) }
    }

    /// `true` or `false` as a JSON value.
    static func boolValue(_ flag: Bool) -> JSONValue { .bool(flag) }

    /// `null`.
    static let nullValue = JSONValue.null

    /// `{"key": body}`.
    static func wrap(_ body: [UInt8], key: String) -> Edit {
        JSONEditor.wrap(body, key: key)
    }

    /// Sets the member at `path` to the serialized JSON `value`, creating objects on the way.
    static func inject(_ body: [UInt8], path: JSONPath, value: [UInt8]) -> Edit {
        JSONEditor.inject(body, path: path, value: value)
    }

    /// Deletes the member or element at `path`.
    static func remove(_ body: [UInt8], path: JSONPath) -> Edit {
        JSONEditor.remove(body, path: path)
    }
}
