/// `inject-json PATH VALUE`: set a member, creating missing intermediate objects.
extension JSONEditor {
    /// Sets the value at `path` to `value`.
    ///
    /// - If the member (or array element) exists, only its value bytes are replaced
    ///   (for duplicate keys, the last occurrence).
    /// - If a key is missing, `"k":value` is inserted into the deepest existing object,
    ///   after its last member with a comma, or before `}` when the object is empty;
    ///   further missing keys become nested objects: `"k2":{"k3":value}`.
    /// - Array indices only navigate existing elements; a missing index, a missing key
    ///   followed by an index, or a step through a non-container leaves the body unchanged.
    static func inject(
        _ value: JSONDocument, at path: JSONPath, in document: JSONDocument
    ) -> Result<JSONDocument, JSONLocatorFailure> {
        guard !path.isRoot else {
            return .failure(JSONLocatorFailure(reason: "path '$' names the whole body; inject needs a member path"))
        }
        let valueBytes = value.bytes[trimmed(value.bytes)]
        return document.withLocator { locator in
            injected(locator, path: path.components, value: valueBytes)
        }.map { JSONDocument(trusted: $0) }
    }

    /// The text with `value` set at `path`, built in one allocation, or why it cannot be.
    private static func injected(
        _ locator: JSONLocator, path: [JSONPath.Component], value: ArraySlice<UInt8>
    ) -> Result<[UInt8], JSONLocatorFailure> {
        var start = locator.skipWhitespace(0)
        for position in path.indices {
            let found: Range<Int>
            switch locator.step(from: start, into: path[position], prefix: path[..<position]) {
            case .member(let member): found = member.value
            case .element(let element): found = element
            case .failed(let reason): return .failure(JSONLocatorFailure(reason: reason))
            case .missingKey(let insertAt, let needsComma):
                let missing = path[position...]
                guard missing.allSatisfy({ if case .key = $0 { true } else { false } }) else {
                    let parent = JSONPath(Array(path[..<position])).description
                    return .failure(JSONLocatorFailure(
                        reason: "cannot create '\(JSONPath(Array(path)))': array elements under '\(parent)' are never created"))
                }
                return .success(spliced(locator, at: insertAt..<insertAt, adding: value.count &+ 64) { out in
                    insert(missing, value: value, comma: needsComma, into: &out)
                })
            }
            if position == path.count &- 1 {
                return .success(spliced(locator, at: found, adding: value.count) { $0.append(contentsOf: value) })
            }
            start = found.lowerBound
        }
        return .failure(JSONLocatorFailure(reason: "path '$' names the whole body"))
    }

    /// The locator's text with the bytes in `range` replaced by what `write` appends
    /// (about `extra` bytes: room for them is made at once).
    private static func spliced(
        _ locator: JSONLocator, at range: Range<Int>, adding extra: Int, _ write: (inout [UInt8]) -> Void
    ) -> [UInt8] {
        let text = UnsafeBufferPointer(start: locator.base, count: locator.end)
        var out: [UInt8] = []
        out.reserveCapacity(text.count &- range.count &+ extra)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<range.lowerBound]))
        write(&out)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[range.upperBound...]))
        return out
    }

    /// Appends `,"k1":{"k2":value}` for the missing keys (all of them keys, not indices).
    private static func insert(
        _ missing: ArraySlice<JSONPath.Component>, value: ArraySlice<UInt8>, comma: Bool, into out: inout [UInt8]
    ) {
        if comma { out.append(JSONByte.comma) }
        var depth = 0
        for component in missing {
            guard case .key(let key) = component else { continue }
            if depth > 0 { out.append(JSONByte.openBrace) }
            JSONText.appendQuoted(key, to: &out)
            out.append(JSONByte.colon)
            depth &+= 1
        }
        out.append(contentsOf: value)
        for _ in 1..<max(depth, 1) { out.append(JSONByte.closeBrace) }
    }
}
