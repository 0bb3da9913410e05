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
    static func render(_ object: Any) -> String {
        if let array = object as? [Any], array.isEmpty { return "[]" }
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
