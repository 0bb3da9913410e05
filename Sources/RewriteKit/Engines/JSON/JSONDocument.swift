/// JSON text that passed ``JSONSyntax`` validation once: reading values and editing it
/// never validate it again, and every edit yields another valid document.
///
/// This is how a rule phase pays for validation once per body, however many conditions,
/// templates and actions touch it.
struct JSONDocument: Sendable {
    /// The text, exactly as it came (or as an edit left it).
    let bytes: [UInt8]
    /// Where the large containers end, by where they start, as validation found them: a
    /// lookup steps over a 10 MB array without scanning it again. Empty after an edit.
    private let containerEnds: JSONContainerEnds

    /// Validates `bytes` as one complete JSON text.
    init(validating bytes: [UInt8]) throws(JSONSyntaxError) {
        let (isValid, containerEnds) = bytes.withUnsafeBufferPointer { JSONValidator.validate($0) }
        if !isValid, let error = bytes.withUnsafeBufferPointer({ JSONSyntax.diagnose($0) }) { throw error }
        self.bytes = bytes
        self.containerEnds = containerEnds
    }

    /// Text known to be valid: an edit's result, or JSON built by construction
    /// (a quoted string, digits).
    init(trusted bytes: [UInt8]) {
        self.bytes = bytes
        self.containerEnds = .none
    }

    /// The value at `path`, or `nil` when the path leads nowhere. Duplicate keys resolve to
    /// the last occurrence.
    func value(at path: JSONPath) -> JSONValue? {
        try? lookup(path).get()
    }

    /// Whether a value is at `path` (located, not decoded).
    func contains(_ path: JSONPath) -> Bool {
        (try? withLocator { locator in locator.resolve(path.components[...]) }.get()) != nil
    }

    /// The value at `path`, or why there is none (`'user.id' not found`, …).
    func lookup(_ path: JSONPath) -> Result<JSONValue, JSONLocatorFailure> {
        withLocator { locator in
            locator.resolve(path.components[...]).map { JSONValue.decode(locator, at: $0.lowerBound) }
        }
    }

    /// Runs `body` with a locator over the text (which validation guarantees is not empty).
    func withLocator<T>(_ body: (JSONLocator) -> Result<T, JSONLocatorFailure>) -> Result<T, JSONLocatorFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return .failure(JSONLocatorFailure(reason: "body is empty"))
            }
            return body(JSONLocator(base: base, end: buffer.count, containerEnds: containerEnds))
        }
    }
}
