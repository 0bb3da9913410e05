/// An ordered list of HTTP header fields with case-insensitive names.
///
/// Repeated fields are kept, in order, as they arrived; lookups ignore ASCII case
/// the way HTTP does. `set` replaces every field of a name with one value at the
/// position of the first, `add` appends, `remove` drops them all.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as it was written.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates headers from name–value pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Creates headers from fields, in order.
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// Creates headers from a literal, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`, in the order the fields were added.
    public subscript(position: Int) -> Field { fields[position] }

    /// The value of the first field with this name, if any.
    public subscript(name: String) -> String? {
        fields.first { ASCIICase.equal($0.name, name) }?.value
    }

    /// Every value of the fields with this name, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for field in fields where ASCIICase.equal(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether a field with this name exists.
    public func contains(_ name: String) -> Bool {
        fields.contains { ASCIICase.equal($0.name, name) }
    }

    /// Replaces every field with this name by one field, where the first one stood
    /// (or at the end when there was none).
    public mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { ASCIICase.equal($0.name, name) }) else {
            fields.append(Field(name: name, value: value))
            return
        }
        fields[first] = Field(name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if ASCIICase.equal(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        fields.removeAll { ASCIICase.equal($0.name, name) }
    }
}
