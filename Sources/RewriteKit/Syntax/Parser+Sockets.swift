/// `socket` inside `respond 101 { }`: a WebSocket conversation.
extension Parser {
    /// `socket { STEP | every D message … | on message [when C] { STEP… } … }`; called after `socket`.
    mutating func parseSocket(start: SourceLocation) throws(Abort) -> SocketClause {
        _ = try expect(.leftBrace, "'{' with the conversation", after: "socket")
        var steps: [SocketClause.Step] = []
        var periodic: [SocketClause.Periodic] = []
        var replies: [SocketClause.Reply] = []
        parseBlockStatements(closing: "socket", allowing: ["fail"]) { parser throws(Abort) in
            if parser.current.isWord("every") {
                let begin = parser.take().range.start
                let every = try parser.parseDuration(after: "every")
                guard parser.current.isWord("message") else { try parser.failExpected("'message'", after: "every \(every.raw)") }
                let message = try parser.parseSocketMessage()
                periodic.append(SocketClause.Periodic(every: every, message: message, range: parser.range(from: begin)))
            } else if parser.current.isWord("on") {
                let begin = parser.take().range.start
                guard parser.current.isWord("message") else { try parser.failExpected("'message'", after: "on") }
                parser.advance()
                let (guardCondition, times) = try parser.parseMessageGuard()
                _ = try parser.expect(
                    .leftBrace, "'{' with the reply", after: times != nil ? "times" : guardCondition == nil ? "on message" : "condition")
                var reply: [SocketClause.Step] = []
                parser.parseBlockStatements(closing: "on message", allowing: ["fail"]) { parser throws(Abort) in
                    reply.append(try parser.parseSocketStep(allowingMore: false))
                }
                replies.append(SocketClause.Reply(guardCondition: guardCondition, times: times, steps: reply, range: parser.range(from: begin)))
            } else {
                steps.append(try parser.parseSocketStep(allowingMore: true))
            }
        }
        return SocketClause(steps: steps, periodic: periodic, replies: replies, range: range(from: start))
    }

    /// `message …`, `wait D`, `close CODE ["REASON"]` or `fail ERROR`.
    private mutating func parseSocketStep(allowingMore: Bool) throws(Abort) -> SocketClause.Step {
        let words = allowingMore ? ["message", "wait", "close", "fail", "every", "on"] : ["message", "wait", "close", "fail"]
        guard current.kind == .word else { try failExpected(allowingMore ? "a step of the conversation" : "a step of the reply") }
        switch current.text {
        case "message":
            return .message(try parseSocketMessage())
        case "wait":
            advance()
            return .wait(try parseDuration(after: "wait"))
        case "close":
            advance()
            guard current.kind == .number, numberValue(current) == numberValue(current).rounded(), abs(numberValue(current)) < 1e9 else {
                try failExpected("a close code such as 1000", after: "close")
            }
            let codeToken = take()
            var reason: (String, SourceRange)?
            if current.kind == .string {
                let token = current
                reason = (try parsePlainString(what: "the close reason string", after: "close \(codeToken.text)"), token.range)
            }
            return .close(code: Int(numberValue(codeToken)), codeRange: codeToken.range, reason: reason?.0, reasonRange: reason?.1)
        case "fail":
            advance()
            return .fail(try parseFailError())
        default:
            try failUnknown(allowingMore ? "socket step" : "reply step", candidates: words)
        }
    }

    /// `message "TEXT"`, `message json {...}` or `message binary "BASE64"`.
    private mutating func parseSocketMessage() throws(Abort) -> SocketClause.Message {
        let start = take().range.start
        if current.isWord("binary") {
            advance()
            guard current.kind == .string else { try failExpected("the message's bytes as a base64 string", after: "binary") }
            let token = current
            let text = try parsePlainString(what: "the message's bytes as a base64 string", after: "binary")
            return SocketClause.Message(kind: .binary(text, range: token.range), range: range(from: start))
        }
        guard current.kind == .string || current.isWord("json") else {
            try failExpected("a message: a string, 'json {...}' or 'binary \"BASE64\"'", after: "message")
        }
        let value = try parseValue(after: "message")
        return SocketClause.Message(kind: .text(value), range: range(from: start))
    }
}
