#if canImport(FoundationNetworking)
import FoundationNetworking

func onlyOnLinux() -> Int { 1 }
let platformWord = "Linux"
#else
let platformWord = "Apple"
#endif

/// A newer API, unguarded.
public func planted(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // E
}

/// A Linux-only symbol where Apple compiles.
public func usesLinuxOnly() -> Int {
    onlyOnLinux()  // E
}

/// A regex literal.
public func hasA(_ text: String) -> Bool {
    text.contains(#/a+/#)  // E
}

public func guardedByIf(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, *) {
        return String(validating: bytes, as: UTF8.self)  // fine
    }
    return nil
}

public func guardedByGuard(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, tvOS 18, *) else { return nil }
    let text = "a string with \(bytes.count) and a } in it"
    _ = text
    return String(validating: bytes, as: UTF8.self)  // fine
}

@available(macOS 15, iOS 18, tvOS 18, *)
public func declaredNew(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // fine
}

/// The package's own `@available` declaration, used unguarded.
public func usesDeclaredNew(_ bytes: [UInt8]) -> String? {
    declaredNew(bytes)  // E
}

/// Guarded on macOS only: iOS and tvOS still lack it.
public func guardedForMacOSOnly(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, *) {
        return String(validating: bytes, as: UTF8.self)  // E
    }
    return nil
}

/// A name with an Apple twin in the `#else`.
public func twin() -> String {
    platformWord  // fine
}

#if canImport(FoundationNetworking)
public func linuxBranch() -> Int {
    onlyOnLinux() + (String(validating: [UInt8](), as: UTF8.self)?.count ?? 0)  // fine
}
#endif

#if os(macOS)
public func macOnly(_ text: String) -> Bool {
    text.contains(#/b+/#)  // E
}
#endif

final class Box {}

public func weakLet() -> Bool {
    let box = Box()
    weak let seen = box  // E
    return seen != nil
}

/// An older overload the Apple compiler picks: a warning, not an error.
public func wrapping(_ a: Int) -> Int {
    a &* 31  // W
}
