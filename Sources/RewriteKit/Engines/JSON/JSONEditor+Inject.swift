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
            plannedInjection(locator, path: path.components, value: valueBytes)
        }.map { JSONDocument(trusted: $0.applied(to: document.bytes)) }
    }

    /// Finds where `value` goes for `path` and what text to splice in.
    private static func plannedInjection(
        _ locator: JSONLocator, path: [JSONPath.Component], value: ArraySlice<UInt8>
    ) -> Result<JSONSplice, JSONLocatorFailure> {
        var start = locator.skipWhitespace(0)
        for position in path.indices {
            let isLast = position == path.count &- 1
            let found: Range<Int>
            switch locator.step(from: start, into: path[position], prefix: path[..<position]) {
            case .member(let member): found = member.value
            case .element(let element): found = element
            case .failed(let reason): return .failure(JSONLocatorFailure(reason: reason))
            case .missingKey(let insertAt, let needsComma):
                let missing = path[position...]
                guard let text = insertion(for: missing, value: value, comma: needsComma) else {
                    let parent = JSONPath(Array(path[..<position])).description
                    return .failure(JSONLocatorFailure(
                        reason: "cannot create '\(JSONPath(Array(path)))': array elements under '\(parent)' are never created"))
                }
                return .success(JSONSplice(range: insertAt..<insertAt, replacement: text))
            }
            if isLast {
                return .success(JSONSplice(range: found, replacement: Array(value)))
            }
            start = found.lowerBound
        }
        return .failure(JSONLocatorFailure(reason: "path '$' names the whole body"))
    }

    /// `,"k1":{"k2":value}` for the missing keys, or `nil` if one of them is an index.
    private static func insertion(
        for missing: ArraySlice<JSONPath.Component>, value: ArraySlice<UInt8>, comma: Bool
    ) -> [UInt8]? {
        var keys: [String] = []
        for component in missing {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        var out: [UInt8] = []
        out.reserveCapacity(value.count &+ keys.count &* 16 &+ 1)
        if comma { out.append(JSONByte.comma) }
        for (position, key) in keys.enumerated() {
            if position > 0 { out.append(JSONByte.openBrace) }
            JSONText.appendQuoted(key, to: &out)
            out.append(JSONByte.colon)
        }
        out.append(contentsOf: value)
        for _ in 1..<keys.count { out.append(JSONByte.closeBrace) }
        return out
    }
}
