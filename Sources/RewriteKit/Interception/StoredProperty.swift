#if canImport(FoundationNetworking)
@_spi(Reflection) import Swift

/// Reads a stored property of an object by name, for the few facts
/// swift-corelibs-foundation keeps only in internal properties (see ``LoadingTask``).
///
/// The first read of a name on a class asks the runtime's reflection metadata for the
/// field's offset and type (what `Mirror` reads too); later reads load the value from that
/// offset, about 50 ns instead of the 5–20 µs of building a `Mirror` and its children.
/// Only for strong stored properties (`let`/`var` without `weak` or `unowned`): a weak
/// reference is not stored as a plain reference.
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
    /// superclass), an optional's wrapped value, or nil.
    static func value(_ name: String, of object: AnyObject) -> Any? {
        let type: AnyClass = Swift.type(of: object)
        let key = Key(type: ObjectIdentifier(type), name: name)
        let known = fields.withLock { $0[key] }
        let field: Field?
        if let known {
            field = known
        } else {
            field = find(name, in: type)
            fields.withLock { $0[key] = field }
        }
        guard let field else { return nil }
        return withExtendedLifetime(object) {
            field.read(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset)
        }
    }

    /// The offset and type of the field `name` of `type`, its superclasses' fields included.
    private static func find(_ name: String, in type: AnyClass) -> Field? {
        var found: Field?
        // `.classType` (raw value 1), spelled by value: the standard library declares the
        // option a `static var`, which strict concurrency refuses to read.
        _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { fieldName, offset, fieldType, _ in
            guard String(cString: fieldName) == name else { return true }
            found = Field(offset: offset, read: reader(for: fieldType))
            return false
        }
        return found
    }
}

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
