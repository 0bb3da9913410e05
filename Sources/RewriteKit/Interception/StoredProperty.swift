#if canImport(FoundationNetworking)

/// Reads a stored property of an object by name, for the few facts
/// swift-corelibs-foundation keeps only in internal properties (see ``LoadingTask``).
///
/// The first read of a name on a class asks the runtime's reflection metadata for the
/// field's offset and type (what `Mirror` reads too); later reads load the value from that
/// offset, about 50 ns instead of the 5–20 µs of building a `Mirror` and its children.
/// Only strong stored properties are read: a field declared `weak` or `unowned` is not
/// stored as a plain reference, and loading it as one would be memory-unsafe, so such a
/// field (one a toolchain made weak, say) is reported missing, as is a field not found.
/// Every caller treats a missing field as a ``CorelibsFact`` missed.
enum StoredProperty {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    /// Where a field sits in its object, and how its value is read from there (an optional
    /// unwrapped), worked out once from its declared type: a read makes no dynamic cast.
    private struct Field {
        let offset: Int
        let read: @Sendable (UnsafeRawPointer) -> Any?
    }

    /// The fields found so far; nil for a name the class does not have.
    private static let fields = Locked<[Key: Field?]>([:])

    /// The value of the stored property `name` of `object` (declared in its class or a
    /// superclass), an optional's wrapped value, or nil. A name in `hiding` reads as missing
    /// (how the tests stand in for a toolchain without the field).
    static func value(_ name: String, of object: AnyObject, hiding: Set<String> = []) -> Any? {
        guard let field = field(name, of: object, hiding: hiding) else { return nil }
        return withExtendedLifetime(object) {
            field.read(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset)
        }
    }

    /// Whether `object`'s class has a strong stored property `name` (which may hold nil).
    static func exists(_ name: String, of object: AnyObject, hiding: Set<String> = []) -> Bool {
        field(name, of: object, hiding: hiding) != nil
    }

    private static func field(_ name: String, of object: AnyObject, hiding: Set<String>) -> Field? {
        if !hiding.isEmpty, hiding.contains(name) { return nil }
        let type: AnyClass = Swift.type(of: object)
        let key = Key(type: ObjectIdentifier(type), name: name)
        if let known = fields.withLock({ $0[key] }) { return known }
        let field = find(name, in: type)
        fields.withLock { $0[key] = field }
        return field
    }

    /// The offset and type of the strong field `name` of `type`, its superclasses' fields
    /// included; nil when there is no such field or it is `weak` or `unowned`.
    private static func find(_ name: String, in type: AnyClass) -> Field? {
        guard let (index, fieldType, isStrong) = fieldMetadata(name, in: type), isStrong else { return nil }
        return Field(offset: reflectionChildOffset(type, index: index), read: reader(for: fieldType))
    }

    /// The index among `type`'s fields (its superclasses' first), type and ownership of the
    /// field `name`, as the runtime's reflection metadata gives them (what `Mirror` reads).
    static func fieldMetadata(_ name: String, in type: AnyClass) -> (index: Int, type: Any.Type, isStrong: Bool)? {
        for index in 0..<reflectionRecursiveCount(type) {
            var metadata = FieldReflectionMetadata()
            let fieldType = reflectionChildMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            guard let fieldName = metadata.name, String(cString: fieldName) == name else { continue }
            return (index, fieldType, metadata.isStrong)
        }
        return nil
    }
}

// The runtime entry points the standard library's `_forEachField` is built on; unlike it,
// they tell a strong field from a `weak` or `unowned` one (`isStrong`).

/// What the runtime says of one field: its name (freed with `freeFunc`) and ownership.
private struct FieldReflectionMetadata {
    var name: UnsafePointer<CChar>?
    var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)?
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionRecursiveCount(_: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionChildOffset(_: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionChildMetadata(_: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldReflectionMetadata>) -> Any.Type

/// A reader of a field of type `type`: its value, an optional's wrapped value, or nil.
private func reader(for type: Any.Type) -> @Sendable (UnsafeRawPointer) -> Any? {
    if let optional = type as? any OptionalValue.Type { return optional.unwrappingReader }
    func plain<Value>(_: Value.Type) -> @Sendable (UnsafeRawPointer) -> Any? {
        { $0.load(as: Value.self) }
    }
    return _openExistential(type, do: plain)
}

/// An optional type, whose reader unwraps the value.
private protocol OptionalValue {
    static var unwrappingReader: @Sendable (UnsafeRawPointer) -> Any? { get }
}

extension Optional: OptionalValue {
    fileprivate static var unwrappingReader: @Sendable (UnsafeRawPointer) -> Any? {
        { $0.load(as: Wrapped?.self).map { $0 as Any } }
    }
}

/// A dictionary keyed by `Int` seen through `Any`: one entry is read without converting
/// the whole dictionary (a cast to `[Int: Any]` would box every value).
protocol IntKeyedValues {
    /// The value for `key`, if any.
    func value(forKey key: Int) -> Any?
}

extension Dictionary: IntKeyedValues where Key == Int {
    func value(forKey key: Int) -> Any? { self[key] }
}
#endif
