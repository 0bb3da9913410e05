import Foundation
@testable import RewriteKit

/// A JSON value as Foundation's JSONSerialization sees it, used as an independent oracle.
indirect enum FoundationJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FoundationJSON])
    case object([String: FoundationJSON])

    /// Parses `bytes` with JSONSerialization (fragments allowed), or `nil` if it refuses.
    static func parse(_ bytes: [UInt8]) -> FoundationJSON? {
        guard let any = try? JSONSerialization.jsonObject(with: Data(tameSurrogates(bytes)), options: [.fragmentsAllowed]) else {
            return nil
        }
        return FoundationJSON(any)
    }

    /// `bytes` with every unpaired surrogate escape (`\ud800` alone) written as `\ufffd`.
    /// RFC 8259 (section 8.2) allows unpaired surrogates and so does RewriteKit, as Apple's
    /// JSONSerialization does; swift-corelibs-foundation's refuses them, so the oracle is
    /// given the same text with them replaced, as a decoder would replace them.
    static func tameSurrogates(_ bytes: [UInt8]) -> [UInt8] {
        func unit(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                  let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
            else { return nil }
            return value
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "u") {
                result += bytes[index...(index + 1)]
                index += 2
                continue
            }
            guard let value = unit(at: index), (0xD800...0xDFFF).contains(value) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            if value < 0xDC00, let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                result += bytes[index..<(index + 12)]
                index += 12
            } else {
                result += Array("\\ufffd".utf8)
                index += 6
            }
        }
        return result
    }

    /// Parses UTF-8 `text`; traps on invalid JSON (test fixtures only).
    static func parse(_ text: String) -> FoundationJSON {
        guard let value = parse(Array(text.utf8)) else { fatalError("fixture is not JSON: \(text)") }
        return value
    }

    /// Converts a JSONSerialization result.
    init(_ any: Any) {
        if any is NSNull {
            self = .null
        } else if let string = any as? String {
            self = .string(string)
        } else if let array = any as? [Any] {
            self = .array(array.map(FoundationJSON.init))
        } else if let object = any as? [String: Any] {
            self = .object(object.mapValues(FoundationJSON.init))
        } else if let number = any as? NSNumber {
            let isBool = String(describing: type(of: number)).contains("Boolean")
            self = isBool ? .bool(number.boolValue) : .number(number.doubleValue)
        } else {
            self = .null
        }
    }

    /// Converts one of our values, for comparing our decoder with Foundation's.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n.double)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(FoundationJSON.init))
        case .object(let members):
            var dictionary: [String: FoundationJSON] = [:]
            for member in members { dictionary[member.key] = FoundationJSON(member.value) }
            self = .object(dictionary)
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "\(n)"
        case .string(let s): return JSONText.quoted(s)
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { JSONText.quoted($0) + ":" + o[$0]!.description }.joined(separator: ",") + "}"
        }
    }

    /// The value at `path`, or `nil`.
    func value(at path: [JSONPath.Component]) -> FoundationJSON? {
        guard let first = path.first else { return self }
        switch (self, first) {
        case (.object(let o), .key(let k)): return o[k]?.value(at: Array(path.dropFirst()))
        case (.array(let a), .index(let i)) where a.indices.contains(i): return a[i].value(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    /// This value with `path` set to `newValue` (creating objects) or removed when `newValue` is nil.
    func setting(_ path: [JSONPath.Component], to newValue: FoundationJSON?) -> FoundationJSON {
        guard let first = path.first else { return newValue ?? self }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var o), .key(let k)):
            if rest.isEmpty && newValue == nil {
                o[k] = nil
            } else {
                o[k] = (o[k] ?? .object([:])).setting(rest, to: newValue)
            }
            return .object(o)
        case (.array(var a), .index(let i)):
            if rest.isEmpty && newValue == nil { a.remove(at: i) } else { a[i] = a[i].setting(rest, to: newValue) }
            return .array(a)
        default:
            return self
        }
    }
}


/// Byte-level helpers for checking that edits are a single splice.
enum SpliceCheck {
    /// Length of the common prefix and (non-overlapping) common suffix of `a` and `b`.
    static func commonEnds(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (prefix, suffix)
    }

    /// The bytes of `output` that are not shared with `input`'s prefix and suffix.
    static func inserted(_ input: [UInt8], _ output: [UInt8]) -> [UInt8] {
        let (prefix, suffix) = commonEnds(input, output)
        return Array(output[prefix..<(output.count - suffix)])
    }

    /// The bytes of `input` that are not shared with `output`'s prefix and suffix.
    static func deleted(_ input: [UInt8], _ output: [UInt8]) -> [UInt8] {
        let (prefix, suffix) = commonEnds(input, output)
        return Array(input[prefix..<(input.count - suffix)])
    }
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `text`.
    init(json text: String) { self = Array(text.utf8) }

    /// Whether `needle` occurs in these bytes.
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if Array(self[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
