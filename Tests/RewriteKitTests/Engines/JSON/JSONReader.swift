@testable import RewriteKit

/// Reads single values out of JSON text that has not been validated yet (for tests: the
/// library's holders of a ``JSONDocument`` read it directly).
enum JSONReader {
    /// The value at `path` in `body`, or `nil` when the body is not valid JSON or the path
    /// does not lead to a value. Duplicate keys resolve to the last occurrence.
    static func value(at path: JSONPath, in body: [UInt8]) -> JSONValue? {
        (try? JSONDocument(validating: body))?.value(at: path)
    }

    /// The value at `path` in `body`, or the reason there is none.
    static func lookup(_ path: JSONPath, in body: [UInt8]) -> Result<JSONValue, JSONLocatorFailure> {
        do {
            return try JSONDocument(validating: body).lookup(path)
        } catch {
            return .failure(JSONLocatorFailure(reason: "body is not valid JSON: \(error)"))
        }
    }
}
