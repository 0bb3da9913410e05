/// A path to a value inside a JSON document: `user.id`, `items[0].name`, `["x.y"]`.
///
/// An empty path (`$`) names the whole document. Keys name object members and
/// indices name existing array elements; a bare numeric segment such as `items.0`
/// is the key `"0"`, not an index.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    enum Component: Sendable, Hashable {
        /// An object member, by its decoded key.
        case key(String)
        /// An array element, by zero-based position.
        case index(Int)
    }

    /// The steps from the document root, outermost first.
    var components: [Component]

    /// Creates a path from its steps.
    init(_ components: [Component]) {
        self.components = components
    }

    /// The path naming the whole document (`$`).
    static let root = JSONPath([])

    /// Whether the path names the whole document.
    var isRoot: Bool { components.isEmpty }

    /// The path without its last step (the root stays the root).
    var parent: JSONPath { JSONPath(Array(components.dropLast())) }

    /// The path in the form `parse` accepts: `$`, `user.id`, `items[0]["x.y"]`.
    package var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for (position, component) in components.enumerated() {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isBare(key, first: position == 0):
                text += position == 0 ? key : "." + key
            case .key(let key):
                text += "[" + JSONText.quoted(key) + "]"
            }
        }
        return text
    }

    /// Whether `key` can be written without brackets and quotes.
    static func isBare(_ key: String, first: Bool) -> Bool {
        guard !key.isEmpty, !(first && key == "$") else { return false }
        return key.utf8.allSatisfy(isBareKeyByte)
    }

    /// Whether `byte` may appear in an unquoted key.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F, JSONByte.dot, JSONByte.openBracket, JSONByte.closeBracket,
             JSONByte.quote, 0x27, JSONByte.backslash:
            return false
        default:
            return true
        }
    }
}
