/// A decoded JSON value.
///
/// Objects keep their members in document order, duplicates included; lookups and
/// equality use the last occurrence of a key, as parsers do. Numbers keep their
/// original spelling (see ``JSONNumber``).
enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number with its spelling.
    case number(JSONNumber)
    /// A string, decoded.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in document order.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` (its last occurrence), when this is an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The element at `index`, when this is an array and the index exists.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at `path` inside this value, or `nil` when it does not exist.
    func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key): guard let next = current[key] else { return nil }; current = next
            case .index(let index): guard let next = current[index] else { return nil }; current = next
            }
        }
        return current
    }

    /// Text for templates: strings without quotes, everything else as compact JSON.
    var textValue: String {
        if case .string(let string) = self { return string }
        return jsonText
    }
}
