/// A type-level number: the binary digits of an installation number, most significant
/// first, as nested generic types (`TagOne<TagZero<TagOne<TagEnd>>>` is 5).
protocol InstallationTag {
    /// The number the type spells.
    static var number: Int { get }
}

/// The empty digit string: 0.
enum TagEnd: InstallationTag {
    static var number: Int { 0 }
}

/// Appends the digit 0.
enum TagZero<Rest: InstallationTag>: InstallationTag {
    static var number: Int { Rest.number << 1 }
}

/// Appends the digit 1.
enum TagOne<Rest: InstallationTag>: InstallationTag {
    static var number: Int { Rest.number << 1 | 1 }
}

/// The protocol class of one installation: a specialisation of a generic subclass, made
/// at run time from the installation's number.
///
/// `canInit(with:)` is a class method that learns nothing about the session asking, so
/// every installation needs a class of its own to answer with its own rules. Generic
/// class metadata is instantiated on demand for any type argument, so there is no pool
/// and no ceiling: each number gets its class the first time it is asked for, the same
/// class every time after, and numbers are never reused, so a session still holding a
/// released installation's class can never reach another rewriter's rules.
final class TaggedURLProtocol<Tag: InstallationTag>: InterceptingURLProtocol {
    override class var installationNumber: Int { Tag.number }
}

#if !canImport(FoundationNetworking)
// Restated as its superclass's (see InterceptingURLProtocol.swift).
extension TaggedURLProtocol: @unchecked Sendable {}
#endif

extension InterceptingURLProtocol {
    /// The protocol class for an installation number (0 is the shared session's).
    static func subclass(for number: Int) -> InterceptingURLProtocol.Type {
        precondition(number >= 0, "installation numbers are not negative")
        var digits: [Bool] = []
        var rest = number
        while rest > 0 {
            digits.append(rest & 1 == 1)
            rest >>= 1
        }
        return spell(TagEnd.self, digits: digits.reversed()[...])
    }

    private static func spell<Prefix: InstallationTag>(_ prefix: Prefix.Type, digits: ArraySlice<Bool>) -> InterceptingURLProtocol.Type {
        guard let digit = digits.first else { return TaggedURLProtocol<Prefix>.self }
        let rest = digits.dropFirst()
        return digit ? spell(TagOne<Prefix>.self, digits: rest) : spell(TagZero<Prefix>.self, digits: rest)
    }
}
