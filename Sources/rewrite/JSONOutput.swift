import Foundation

/// The tool's `--format json` output, written by `JSONSerialization`: pretty-printed with
/// sorted keys, so it is stable from run to run and diffable.
enum JSONOutput {
    /// JSON `null` inside the dictionaries and arrays given to ``render(_:)``.
    static var null: Any { NSNull() }

    /// A value or `null`.
    static func nullable(_ value: Any?) -> Any {
        value ?? null
    }

    /// The JSON text of dictionaries, arrays, strings, numbers, booleans and ``null``.
    /// `object` with `transform` applied to every string in it, keys included.
    static func mappingStrings(_ object: Any, _ transform: (String) -> String) -> Any {
        switch object {
        case let text as String: transform(text)
        case let array as [Any]: array.map { mappingStrings($0, transform) }
        case let dictionary as [String: Any]:
            Dictionary(dictionary.map { (transform($0.key), mappingStrings($0.value, transform)) }, uniquingKeysWith: { first, _ in first })
        default: object
        }
    }

    static func render(_ object: Any) -> String {
        if let array = object as? [Any], array.isEmpty { return "[]" }
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
