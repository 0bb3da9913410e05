/// Multipart bodies: `part` tests and actions, `remove-part`, `add-part`, and `multipart { }` bodies.
extension Parser {
    /// `"NAME"`, `filename "GLOB"` or `content-type "GLOB"`; called after `part` (or
    /// `remove-part`), which starts the selector's range.
    mutating func parsePartSelector(from start: SourceLocation, after: String) throws(Abort) -> PartSelector {
        var kind = PartSelector.Kind.name
        if current.kind == .word, let picked = PartSelector.Kind(rawValue: current.text), picked != .name {
            kind = picked
            advance()
        }
        guard current.kind == .string, case .template(let template) = current.payload else {
            let what = kind == .name ? "a part name string, 'filename \"GLOB\"' or 'content-type \"GLOB\"'" : "a \(kind.rawValue) string"
            try failExpected(what, after: kind == .name ? after : kind.rawValue)
        }
        advance()
        return PartSelector(kind: kind, text: template.displayText, range: range(from: start))
    }

    /// `part SELECTOR [json "PATH" | header "NAME" | filename | content-type | size]`;
    /// called after `part`.
    mutating func parsePartSubject(from start: SourceLocation) throws(Abort) -> ConditionSubject {
        let selector = try parsePartSelector(from: start, after: "part")
        var property = PartProperty.value
        var argumentRange: SourceRange?
        if current.kind == .word, PartProperty.words.contains(current.text) {
            let word = take()
            switch word.text {
            case "json", "header":
                guard current.kind == .string, case .template(let template) = current.payload else {
                    try failExpected(word.text == "json" ? "a JSON path string" : "a header name string", after: word.text)
                }
                argumentRange = take().range
                property = word.text == "json" ? .json(template.displayText) : .header(template.displayText)
            case "filename": property = .filename
            case "content-type": property = .contentType
            default: property = .size
            }
        }
        return ConditionSubject(kind: .part(selector, property), argumentRange: argumentRange, range: range(from: start))
    }

    /// `part SELECTOR { ACTIONS }`; called after `part`.
    mutating func parsePartBlock(from start: SourceLocation) throws(Abort) -> Action.Kind {
        let selector = try parsePartSelector(from: start, after: "part")
        let block = try parseActionBlock(closing: "part", after: source.text(in: selector.range))
        return .part(selector, block.actions)
    }

    /// `"NAME" [filename "FILE"] BODY`, the part `add-part` adds or a `multipart { }` line
    /// holds; called at the name.
    mutating func parseBodyPart(from start: SourceLocation, after: String) throws(Abort) -> MultipartBodyPart {
        guard current.kind == .string, case .template(let name) = current.payload else {
            try failExpected("a part name string", after: after)
        }
        let nameToken = take()
        var filename: Template?
        if current.isWord("filename") {
            advance()
            guard current.kind == .string, case .template(let file) = current.payload else {
                try failExpected("a file name string", after: "filename")
            }
            advance()
            filename = file
        }
        let body = try parseBody(after: filename == nil ? source.text(in: nameToken.range) : "filename")
        return MultipartBodyPart(name: name, filename: filename, body: body, range: range(from: start))
    }

    /// `{ part "NAME" [filename "FILE"] BODY ... }`; called after `multipart`.
    mutating func parseMultipartBody(from start: SourceLocation) throws(Abort) -> Body {
        _ = try expect(.leftBrace, "'{'", after: "multipart")
        var parts: [MultipartBodyPart] = []
        parseBlockStatements(closing: "multipart") { parser throws(Abort) in
            guard parser.current.isWord("part") else { try parser.failExpected("'part' or '}'") }
            let word = parser.take()
            parts.append(try parser.parseBodyPart(from: word.range.start, after: "part"))
        }
        return Body(kind: .multipart(parts), range: range(from: start))
    }
}
