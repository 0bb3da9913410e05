/// Compact JSON serialization of values (numbers keep their original spelling).
extension JSONValue {
    /// The value as compact JSON text: `{"a":[1,true,null]}`.
    var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// The value as compact JSON bytes.
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    /// Appends the value as compact JSON to `out`.
    func append(to out: inout [UInt8]) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let value):
            out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number):
            out.append(contentsOf: number.raw.utf8)
        case .string(let string):
            JSONText.appendQuoted(string, to: &out)
        case .array(let elements):
            out.append(JSONByte.openBracket)
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(JSONByte.comma) }
                element.append(to: &out)
            }
            out.append(JSONByte.closeBracket)
        case .object(let members):
            out.append(JSONByte.openBrace)
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(JSONByte.comma) }
                JSONText.appendQuoted(member.key, to: &out)
                out.append(JSONByte.colon)
                member.value.append(to: &out)
            }
            out.append(JSONByte.closeBrace)
        }
    }
}
