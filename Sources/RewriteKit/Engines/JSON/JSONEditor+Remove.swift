/// `remove-json PATH`: delete a member or array element and one adjacent comma.
extension JSONEditor {
    /// Deletes the member or element at `path`.
    ///
    /// The deleted bytes are the member plus exactly one adjacent comma: up to the
    /// next member's key when there is one (`{"a":1, "b":2}` → `{"b":2}`), otherwise
    /// from the end of the previous value (`{"a":1, "b":2}` → `{"a":1}`); a sole member
    /// takes the whitespace inside the braces with it (`{ "a":1 }` → `{}`). With
    /// duplicate keys every occurrence is removed, last first, so no earlier duplicate
    /// resurfaces. A missing path leaves the body unchanged with a reason.
    static func remove(_ path: JSONPath, from document: JSONDocument) -> Result<JSONDocument, JSONLocatorFailure> {
        guard let last = path.components.last else {
            return .failure(JSONLocatorFailure(reason: "path '$' names the whole body; remove needs a member path"))
        }
        var current = document
        var removed = 0
        while true {
            let planned = current.withLocator { locator in
                plannedRemoval(locator, path: path.components[...], last: last)
            }
            guard case .success(let splice) = planned else {
                if removed > 0 { return .success(current) }
                return planned.map { _ in current }
            }
            current = JSONDocument(trusted: splice.applied(to: current.bytes))
            removed &+= 1
            if case .index = last { return .success(current) }
        }
    }

    /// The deletion for `path`, whose final component is `last`.
    private static func plannedRemoval(
        _ locator: JSONLocator, path: ArraySlice<JSONPath.Component>, last: JSONPath.Component
    ) -> Result<JSONSplice, JSONLocatorFailure> {
        let parentPath = path.dropLast()
        let parent: Range<Int>
        switch locator.resolve(parentPath) {
        case .success(let span): parent = span
        case .failure(let failure): return .failure(failure)
        }
        let open = parent.lowerBound
        // Spans of the matching item, the item before it and the item after it.
        var previous: Range<Int>?
        var match: (item: Range<Int>, previous: Range<Int>?)?
        var following: Range<Int>?
        switch last {
        case .key(var key):
            guard locator.base[open] == JSONByte.openBrace else {
                return .failure(JSONLocatorFailure(
                    reason: JSONLocator.where(parentPath, is: locator.kindName(at: open), not: "object")))
            }
            key.withUTF8 { keyBytes in
                var cursor = open &+ 1
                while let member = locator.member(after: cursor) {
                    let item = member.keyStart..<member.valueEnd
                    if match != nil && following == nil { following = item }
                    if locator.keyMatches(member, keyBytes) {
                        match = (item, previous)
                        following = nil
                    }
                    previous = item
                    cursor = member.valueEnd
                }
            }
            guard match != nil else {
                return .failure(JSONLocatorFailure(reason: "'\(JSONPath(Array(path)))' not found"))
            }
        case .index(let index):
            switch locator.step(from: open, into: last, prefix: parentPath) {
            case .failed(let reason): return .failure(JSONLocatorFailure(reason: reason))
            case .member, .missingKey: return .failure(JSONLocatorFailure(reason: "'\(JSONPath(Array(path)))' not found"))
            case .element(let element):
                var cursor = open &+ 1
                var position = 0
                while let item = locator.element(after: cursor) {
                    if position == index &+ 1 { following = item; break }
                    if position == index { match = (item, previous) }
                    previous = item
                    position &+= 1
                    cursor = item.upperBound
                }
                if match == nil { match = (element, nil) }
            }
        }
        guard let (item, before) = match else {
            return .failure(JSONLocatorFailure(reason: "'\(JSONPath(Array(path)))' not found"))
        }
        if let following { return .success(JSONSplice(range: item.lowerBound..<following.lowerBound)) }
        if let before { return .success(JSONSplice(range: before.upperBound..<item.upperBound)) }
        let close = locator.skipWhitespace(item.upperBound)
        return .success(JSONSplice(range: (open &+ 1)..<close))
    }
}
