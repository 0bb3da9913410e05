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
    package init(_ pairs: [(String, String)] = []) {
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
        firstIndex(named: name, from: 0).map { fields[$0].value }
    }

    /// Every value of the fields with this name, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        var next = firstIndex(named: name, from: 0)
        while let index = next {
            values.append(fields[index].value)
            next = firstIndex(named: name, from: index + 1)
        }
        return values
    }

    /// Whether a field with this name exists.
    public func contains(_ name: String) -> Bool {
        firstIndex(named: name, from: 0) != nil
    }

    /// Replaces every field with this name by one field, where the first one stood
    /// (or at the end when there was none).
    public mutating func set(_ name: String, _ value: String) {
        replace(name, with: value)
    }

    /// ``set(_:_:)``, returning the values it replaced, in order: one pass over the fields
    /// for a header action that traces what was there before.
    @discardableResult
    mutating func replace(_ name: String, with value: String) -> [String] {
        guard let first = firstIndex(named: name, from: 0) else {
            fields.append(Field(name: name, value: value))
            return []
        }
        var replaced = [fields[first].value]
        fields[first] = Field(name: name, value: value)
        guard firstIndex(named: name, from: first + 1) != nil else { return replaced }
        // Later fields of the name go in one pass (removing them one by one would be
        // quadratic in a list a server filled with one name).
        var kept: [Field] = []
        kept.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            if index > first && ASCIICase.equal(field.name, name) {
                replaced.append(field.value)
            } else {
                kept.append(field)
            }
        }
        fields = kept
        return replaced
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        guard firstIndex(named: name, from: 0) != nil else { return }
        fields.removeAll { ASCIICase.equal($0.name, name) }
    }

    /// The position of the first field named `name` at or after `start`. The names are
    /// compared where they lie, without copying each field (and retaining its strings).
    private func firstIndex(named name: String, from start: Int) -> Int? {
        let length = name.utf8.count
        return fields.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                // Most names differ in length: that test needs no call.
                if buffer[index].name.utf8.count == length && ASCIICase.equal(buffer[index].name, name) { return index }
                index += 1
            }
            return nil
        }
    }
}
