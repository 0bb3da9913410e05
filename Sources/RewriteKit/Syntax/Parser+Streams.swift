/// `stream` inside `respond { }` (the rule language's v3 streams).
extension Parser {
    /// `stream file "PATH" [every D] [chunk S] [then fail E]` or
    /// `stream [every D] [chunk S] { message … } [then fail E]`; called after `stream`.
    mutating func parseStream(start: SourceLocation) throws(Abort) -> StreamClause {
        var file: (path: String, range: SourceRange)?
        if current.isWord("file") {
            advance()
            guard current.kind == .string, case .template(let path) = current.payload else {
                try failExpected("a file path string", after: "file")
            }
            file = (path.displayText, take().range)
        }
        var every: DurationValue?
        var chunk: SizeValue?
        while true {
            if current.isWord("every") {
                advance()
                every = try parseDuration(after: "every")
            } else if current.isWord("chunk") {
                advance()
                chunk = try parseSize(after: "chunk")
            } else {
                break
            }
        }
        let source: StreamClause.Source
        if let file {
            source = .file(path: file.path, pathRange: file.range)
        } else {
            guard current.kind == .leftBrace else {
                try failExpected("'file \"PATH\"', 'every', 'chunk' or '{' with messages", after: "stream")
            }
            advance()
            var messages: [StreamClause.Message] = []
            parseBlockStatements(closing: "stream") { parser throws(Abort) in
                messages.append(try parser.parseStreamMessage())
            }
            source = .messages(messages)
        }
        var failure: FailError?
        if current.isWord("then") {
            advance()
            guard current.isWord("fail") else { try failExpected("'fail'", after: "then") }
            advance()
            failure = try parseFailError()
        }
        return StreamClause(source: source, every: every, chunk: chunk, failure: failure, range: range(from: start))
    }

    /// `message [event "NAME"] [id "ID"] VALUE`.
    private mutating func parseStreamMessage() throws(Abort) -> StreamClause.Message {
        guard current.isWord("message") else { try failUnknown("stream item", candidates: ["message"]) }
        let start = take().range.start
        var event: Value?
        var id: Value?
        while current.isWord("event") || current.isWord("id") {
            let field = take().text
            guard current.kind == .string else { try failExpected("a string", after: field) }
            let value = try parseValue(after: field)
            if field == "event" { event = value } else { id = value }
        }
        let what = "a message: a string or 'json {...}'"
        guard current.kind == .string || current.isWord("json") else { try failExpected(what, after: "message") }
        let value = try parseValue(after: "message")
        return StreamClause.Message(event: event, id: id, value: value, range: range(from: start))
    }

    /// A size such as `7B` or `64KB`, after `chunk`.
    private mutating func parseSize(after: String) throws(Abort) -> SizeValue {
        let what = "a size such as '7B' or '16KB'"
        guard current.kind == .quantity else { try failExpected(what, after: after) }
        let value = try quantityValue(current)
        guard case .size(let size) = value.kind else { try failExpected(what, after: after) }
        advance()
        return size
    }
}
