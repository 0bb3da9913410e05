/// Reads single values out of JSON bodies for conditions (`json "user.id" == 42`)
/// and templates (`${json.items[0].name}`).
///
/// The body is validated, then the path is followed by scanning: siblings are
/// skipped without being decoded, and only the value found is materialized.
enum JSONReader {
    /// The value at `path` in `body`, or `nil` when the body is not valid JSON or
    /// the path does not lead to a value. Duplicate keys resolve to the last occurrence.
    static func value(at path: JSONPath, in body: [UInt8]) -> JSONValue? {
        guard JSONSyntax.validate(body) == nil else { return nil }
        return body.withUnsafeBufferPointer { buffer -> JSONValue? in
            guard let base = buffer.baseAddress else { return nil }
            let locator = JSONLocator(base: base, end: buffer.count)
            guard case .success(let span) = locator.resolve(path.components[...]) else { return nil }
            return JSONValue.decode(locator, at: span.lowerBound)
        }
    }

    /// The value at `path` in `body`, or the reason there is none
    /// (`body is not valid JSON: …`, `'user.id' not found`, …).
    static func lookup(_ path: JSONPath, in body: [UInt8]) -> Result<JSONValue, JSONLocatorFailure> {
        if let error = JSONSyntax.validate(body) {
            return .failure(JSONLocatorFailure(reason: "body is not valid JSON: \(error)"))
        }
        return body.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(JSONLocatorFailure(reason: "body is empty"))
            }
            let locator = JSONLocator(base: base, end: buffer.count)
            return locator.resolve(path.components[...]).map { JSONValue.decode(locator, at: $0.lowerBound) }
        }
    }
}
