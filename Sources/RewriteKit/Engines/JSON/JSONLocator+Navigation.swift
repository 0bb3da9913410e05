/// Path navigation over validated JSON text, shared by the editor and the reader.
///
/// Duplicate keys: a lookup returns the LAST member with the key, which is the one
/// JSONSerialization, JSONDecoder and JavaScript keep.
extension JSONLocator {
    /// The outcome of following one path component from a value.
    enum Step {
        /// The component names an existing member (its last occurrence).
        case member(JSONMemberSpan)
        /// The component names an existing array element.
        case element(Range<Int>)
        /// The key is absent from the object; `insertAt` is where a new member goes,
        /// `needsComma` whether it must be preceded by a comma.
        case missingKey(insertAt: Int, needsComma: Bool)
        /// The component cannot be followed; the reason is ready for users.
        case failed(String)
    }

    /// Follows `component` from the value starting at `start`, where `prefix` is the
    /// path to that value (used in messages).
    func step(from start: Int, into component: JSONPath.Component, prefix: ArraySlice<JSONPath.Component>) -> Step {
        switch component {
        case .key(let key):
            guard base[start] == JSONByte.openBrace else {
                return .failed(Self.where(prefix, is: kindName(at: start), not: "object"))
            }
            var key = key
            return key.withUTF8 { keyBytes in
                var found: JSONMemberSpan?
                var last: JSONMemberSpan?
                var cursor = start &+ 1
                while let member = member(after: cursor) {
                    if keyMatches(member, keyBytes) { found = member }
                    last = member
                    cursor = member.valueEnd
                }
                if let found { return .member(found) }
                if let last { return .missingKey(insertAt: last.valueEnd, needsComma: true) }
                return .missingKey(insertAt: skipWhitespace(start &+ 1), needsComma: false)
            }
        case .index(let index):
            guard base[start] == JSONByte.openBracket else {
                return .failed(Self.where(prefix, is: kindName(at: start), not: "array"))
            }
            var cursor = start &+ 1
            var position = 0
            while let element = element(after: cursor) {
                if position == index { return .element(element) }
                position &+= 1
                cursor = element.upperBound
            }
            let container = prefix.isEmpty ? "the body array" : "'\(JSONPath(Array(prefix)))'"
            return .failed("no element [\(index)] in \(container)")
        }
    }

    /// The span of the value at `path` from the document root, or the reason it cannot be reached.
    func resolve(_ path: ArraySlice<JSONPath.Component>) -> Result<Range<Int>, JSONLocatorFailure> {
        let rootStart = skipWhitespace(0)
        var span = rootStart..<valueEnd(from: rootStart)
        for position in path.indices {
            let prefix = path[path.startIndex..<position]
            switch step(from: span.lowerBound, into: path[position], prefix: prefix) {
            case .member(let member): span = member.value
            case .element(let element): span = element
            case .missingKey:
                return .failure(JSONLocatorFailure(reason: "'\(JSONPath(Array(path[...position])))' not found"))
            case .failed(let reason): return .failure(JSONLocatorFailure(reason: reason))
            }
        }
        return .success(span)
    }

    /// `body is not a JSON object` at the root, else `'user' is a string, not an object`.
    static func `where`(_ prefix: ArraySlice<JSONPath.Component>, is kind: String, not wanted: String) -> String {
        let article = wanted == "array" ? "an array" : "an object"
        if prefix.isEmpty { return "body is not a JSON \(wanted)" }
        return "'\(JSONPath(Array(prefix)))' is \(kind), not \(article)"
    }
}

/// A path that could not be followed, with a reason ready for users.
struct JSONLocatorFailure: Error, Sendable, Equatable {
    /// Why, for example `'user.id' not found`.
    var reason: String
}
