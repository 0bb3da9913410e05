/// A JSON document built in code and rendered with sorted keys, so the tool's
/// `--format json` output is stable from run to run and diffable.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A string, or `null` when there is none.
    static func nullable(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The JSON text, pretty-printed with two-space indentation, keys sorted.
    func rendered(indent: Int = 0) -> String {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return value.isFinite ? String(value) : "null"
        case .string(let value): return Self.quoted(value)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            let body = items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n")
            return "[\n\(body)\n\(outer)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let body = members.keys.sorted().map { key in
                inner + Self.quoted(key) + ": " + (members[key] ?? .null).rendered(indent: indent + 1)
            }.joined(separator: ",\n")
            return "{\n\(body)\n\(outer)}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string literal is a JSON string.
    init(stringLiteral value: String) {
        self = .string(value)
    }
}
