/// `respond`, `fail` and bodies.
extension Parser {
    /// `respond STATUS [{ header NAME VALUE / body BODY }]`; called after `respond`.
    mutating func parseRespond(start: SourceLocation) throws(Abort) -> RespondClause {
        guard current.kind == .number, numberValue(current) == numberValue(current).rounded(),
            abs(numberValue(current)) < 1e9
        else {
            try failExpected("a status code", after: "respond")
        }
        let statusToken = take()
        let status = Int(numberValue(statusToken))
        var headers: [RespondClause.Header] = []
        var body: Body?
        var stream: StreamClause?
        var socket: SocketClause?
        if current.kind == .leftBrace {
            advance()
            parseBlockStatements(closing: "respond") { parser throws(Abort) in
                try parser.parseRespondItem(headers: &headers, body: &body, stream: &stream, socket: &socket)
            }
        }
        return RespondClause(
            status: status, statusRange: statusToken.range, headers: headers, body: body, stream: stream, socket: socket,
            range: range(from: start))
    }

    private mutating func parseRespondItem(
        headers: inout [RespondClause.Header], body: inout Body?, stream: inout StreamClause?, socket: inout SocketClause?
    ) throws(Abort) {
        let items = ["header", "body", "stream", "socket"]
        guard current.kind == .word else { try failExpected("'header', 'body', 'stream', 'socket' or '}'") }
        let word = current
        switch word.text {
        case "header":
            advance()
            guard current.kind == .string, case .template(let name) = current.payload else {
                try failExpected("a header name string", after: "header")
            }
            advance()
            let source = self.source
            let value = try parseValue(after: "header \(name.range.start == name.range.end ? "" : source.text(in: name.range))")
            headers.append(RespondClause.Header(name: name, value: value, range: range(from: word.range.start)))
        case "body":
            advance()
            let parsed = try parseBody(after: "body")
            if body != nil {
                report(DiagnosticMessages.duplicateRespondBody, at: word.range.union(parsed.range))
            }
            body = parsed
        case "stream":
            advance()
            let parsed = try parseStream(start: word.range.start)
            if stream != nil {
                report(DiagnosticMessages.duplicateRespondStream, at: parsed.range)
            }
            stream = parsed
        case "socket":
            advance()
            let parsed = try parseSocket(start: word.range.start)
            if socket != nil {
                report(DiagnosticMessages.duplicateRespondSocket, at: parsed.range)
            }
            socket = parsed
        default:
            try failUnknown("respond item", candidates: items)
        }
    }

    /// A string, `json {...}`, `file "PATH"` or `multipart { ... }`.
    mutating func parseBody(after: String) throws(Abort) -> Body {
        let what = "a body: a string, 'json {...}', 'file \"PATH\"' or 'multipart { ... }'"
        let start = current.range.start
        if current.isWord("multipart") {
            advance()
            return try parseMultipartBody(from: start)
        }
        if current.isWord("file") {
            advance()
            guard current.kind == .string, case .template(let path) = current.payload else {
                try failExpected("a file path string", after: "file")
            }
            let pathToken = take()
            return Body(kind: .file(path: path.displayText, pathRange: pathToken.range), range: range(from: start))
        }
        guard current.kind == .string || current.isWord("json") else { try failExpected(what, after: after) }
        let value = try parseValue(after: after)
        switch value.kind {
        case .string(let template): return Body(kind: .text(template), range: value.range)
        case .json(let literal): return Body(kind: .json(literal), range: value.range)
        default: try failExpected(what, after: after)
        }
    }

    /// `offline`, `timeout`, `cancelled`, `refused`, `dns`, `network-lost` or
    /// `code N [domain "D"]`, then an optional `message "TEXT"`; called after `fail`.
    mutating func parseFailError() throws(Abort) -> FailError {
        guard current.kind == .word else { try failExpected("an error such as 'offline' or 'code -1009'", after: "fail") }
        let word = current
        let kind: FailError.Kind
        switch word.text {
        case "offline": kind = .offline
        case "timeout": kind = .timeout
        case "cancelled": kind = .cancelled
        case "refused": kind = .refused
        case "dns": kind = .dns
        case "network-lost": kind = .networkLost
        case "code":
            advance()
            let number = numberValue(current)
            guard current.kind == .number, number == number.rounded(), abs(number) < 1e9 else {
                try failExpected("an error code number", after: "code")
            }
            advance()
            var domain: String?
            if current.isWord("domain") {
                advance()
                domain = try parsePlainString(what: "an error domain string such as \"com.myapp.payments\"", after: "domain")
            }
            kind = .code(Int(number), domain: domain)
        default:
            try failUnknown("error", candidates: FailError.names)
        }
        if case .code = kind {} else { advance() }
        var message: String?
        if current.isWord("message") {
            advance()
            message = try parsePlainString(what: "the error's message string", after: "message")
        }
        return FailError(kind: kind, message: message, range: range(from: word.range.start))
    }

    /// A string literal without placeholders: a fixed name or text, read when the file loads.
    mutating func parsePlainString(what: String, after: String) throws(Abort) -> String {
        guard current.kind == .string, case .template(let template) = current.payload else { try failExpected(what, after: after) }
        guard let text = template.literalValue else { try failExpected("\(what) without '${…}' (it is fixed when the file loads)", after: after) }
        advance()
        return text
    }
}
