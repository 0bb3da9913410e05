/// Reads a stored property of an object by name, through reflection, for the few facts
/// swift-corelibs-foundation keeps only in internal properties (see ``LoadingTask``).
///
/// Reflection builds each child it visits, so finding a property costs every property
/// before it. The first read of a name on a type finds its position by scanning; later
/// reads go straight to that position (checking the name is still there).
enum StoredProperty {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    /// Where a property sits: how many superclass levels up, and at which child.
    private struct Position {
        let depth: Int
        let offset: Int
    }

    private static let positions = Locked<[Key: Position]>([:])

    /// The value of the stored property `name` of `subject` (or of a superclass), or nil.
    static func value(_ name: String, of subject: Any) -> Any? {
        let key = Key(type: ObjectIdentifier(type(of: subject) as Any.Type), name: name)
        if let position = positions.withLock({ $0[key] }), let value = read(position, name, of: subject) {
            return value
        }
        var mirror: Mirror? = Mirror(reflecting: subject)
        var depth = 0
        while let current = mirror {
            for (offset, child) in current.children.enumerated() where child.label == name {
                positions.withLock { $0[key] = Position(depth: depth, offset: offset) }
                return unwrapped(child.value)
            }
            mirror = current.superclassMirror
            depth += 1
        }
        return nil
    }

    private static func read(_ position: Position, _ name: String, of subject: Any) -> Any? {
        var mirror = Mirror(reflecting: subject)
        for _ in 0..<position.depth {
            guard let next = mirror.superclassMirror else { return nil }
            mirror = next
        }
        let children = mirror.children
        guard position.offset < children.count else { return nil }
        let child = children[children.index(children.startIndex, offsetBy: position.offset)]
        return child.label == name ? unwrapped(child.value) : nil
    }

    /// An optional's wrapped value (nil for `.none`); any other value as it is.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}
