/// Action blocks and actions.
extension Parser {
    /// `{ ACTIONS }` after `request`, `response` or a `response when` condition.
    mutating func parseActionBlock(closing block: String, after: String) throws(Abort) -> ActionBlock {
        let open = try expect(.leftBrace, "'{'", after: after)
        var actions: [Action] = []
        parseBlockStatements(closing: block) { parser throws(Abort) in
            actions.append(try parser.parseAction())
        }
        return ActionBlock(actions: actions, range: range(from: open.range.start))
    }

    /// `{ ACTIONS, drop, delay DURATION }` of `response each message`.
    mutating func parseMessageBlock(after: String, closing: String = "response each message") throws(Abort) -> MessageBlock {
        let open = try expect(.leftBrace, "'{'", after: after)
        var items: [MessageBlock.Item] = []
        parseBlockStatements(closing: closing, allowing: ["delay"]) { parser throws(Abort) in
            if parser.current.isWord("drop") {
                items.append(.drop(parser.take().range))
            } else if parser.current.isWord("delay") {
                parser.advance()
                items.append(.delay(try parser.parseDuration(after: "delay")))
            } else {
                items.append(.action(try parser.parseAction()))
            }
        }
        return MessageBlock(items: items, times: nil, range: range(from: open.range.start))
    }

    /// The statements of a block whose `{` was just read, up to and including its `}`.
    /// Each statement is parsed by `statement`; after an error the parser recovers at the
    /// next line and goes on. A missing `}` is reported, and the block ends where the next
    /// clause (or the end of the file) begins, so the rule can still read that clause.
    /// Words in `allowing` start statements of this block, not clauses.
    mutating func parseBlockStatements(
        closing block: String, allowing: Set<String> = [], _ statement: (inout Parser) throws(Abort) -> Void
    ) {
        while true {
            skipSeparators()
            if current.kind == .rightBrace {
                advance()
                return
            }
            if current.kind == .endOfFile || (startsClause(current) && !allowing.contains(current.text)) {
                report(
                    DiagnosticMessages.expected("'}' to close '\(block)' block", found: describe(current)),
                    at: current.range)
                return
            }
            do {
                try statement(&self)
                try expectStatementEnd()
            } catch {
                recover()
            }
        }
    }

    /// One action; called at its name.
    mutating func parseAction() throws(Abort) -> Action {
        guard current.kind == .word else { try failExpected("an action or '}'") }
        guard let keyword = ActionKeyword(rawValue: current.text) else {
            // `drop` is a statement of `response each message` blocks only.
            if current.isWord("drop") { try fail(DiagnosticMessages.dropOutsideMessages) }
            try failUnknown("action", candidates: ActionKeyword.names)
        }
        let nameToken = take()
        let name = nameToken.text
        func action(_ kind: Action.Kind) -> Action {
            Action(keyword: keyword, kind: kind, nameRange: nameToken.range, range: range(from: nameToken.range.start))
        }
        switch keyword {
        case .setBody: return action(.setBody(try parseBody(after: name)))
        case .part: return action(try parsePartBlock(from: nameToken.range.start))
        case .removePart: return action(.removePart(try parsePartSelector(from: current.range.start, after: name)))
        case .addPart: return action(.addPart(try parseBodyPart(from: current.range.start, after: name)))
        default: break
        }
        var arguments: [Value] = []
        arguments.reserveCapacity(keyword.arguments.count)
        let source = self.source
        while !current.kind.endsStatement && current.kind != .rightBrace {
            // "after" quotes what was written last: the action's name or its previous argument.
            let previous = arguments.last?.range
            arguments.append(try parseValue(after: previous.map { Self.shortened(source.text(in: $0)) } ?? name))
        }
        let arity = keyword.arguments
        guard arguments.count == arity.count else {
            let range = arguments.isEmpty ? nameToken.range : range(from: nameToken.range.start)
            report(
                DiagnosticMessages.argumentCount(name, expected: arity.count, usage: arity.usage, found: arguments.count),
                at: range)
            throw Abort()
        }
        switch keyword {
        case .setHeader:
            return action(.setHeader(name: try string(arguments[0], "a header name string", name), value: try scalar(arguments[1], name)))
        case .addHeader:
            return action(.addHeader(name: try string(arguments[0], "a header name string", name), value: try scalar(arguments[1], name)))
        case .removeHeader:
            return action(.removeHeader(name: try string(arguments[0], "a header name string", name)))
        case .setQuery:
            return action(.setQuery(name: try string(arguments[0], "a query parameter name string", name), value: try scalar(arguments[1], name)))
        case .removeQuery:
            return action(.removeQuery(name: try string(arguments[0], "a query parameter name string", name)))
        case .setURL, .setHost, .setPath, .setScheme:
            let value = Value(kind: .string(try string(arguments[0], "a string", name)), range: arguments[0].range)
            switch keyword {
            case .setURL: return action(.setURL(value))
            case .setHost: return action(.setHost(value))
            case .setPath: return action(.setPath(value))
            default: return action(.setScheme(value))
            }
        case .wrapJSON:
            return action(.wrapJSON(key: try string(arguments[0], "a key string", name)))
        case .injectJSON:
            return action(.injectJSON(path: try string(arguments[0], "a JSON path string", name), value: try scalar(arguments[1], name)))
        case .removeJSON:
            return action(.removeJSON(path: try string(arguments[0], "a JSON path string", name)))
        case .replaceBody:
            guard case .regex(let regex) = arguments[0].kind else {
                try failArgument(arguments[0], "a regex literal", name)
            }
            let replacement = Value(kind: .string(try string(arguments[1], "a replacement string", name)), range: arguments[1].range)
            return action(.replaceBody(pattern: regex, replacement: replacement))
        case .setStatus:
            guard case .number(let number, _) = arguments[0].kind, number == number.rounded(), abs(number) < 1e9 else {
                try failArgument(arguments[0], "a status code", name)
            }
            return action(.setStatus(code: Int(number), range: arguments[0].range))
        case .tag:
            return action(.tag(try string(arguments[0], "a tag name string", name)))
        case .log:
            return action(.log)
        case .setFilename:
            return action(.setFilename(Value(kind: .string(try string(arguments[0], "a file name string", name)), range: arguments[0].range)))
        case .setBody, .part, .removePart, .addPart:
            // Read before the generic arguments; never reaches here.
            throw Abort()
        }
    }

    private mutating func failArgument(_ value: Value, _ what: String, _ action: String) throws(Abort) -> Never {
        report(DiagnosticMessages.expectedArgument(what, for: action, found: value.kindDescription), at: value.range)
        throw Abort()
    }

    private mutating func string(_ value: Value, _ what: String, _ action: String) throws(Abort) -> Template {
        guard case .string(let template) = value.kind else { try failArgument(value, what, action) }
        return template
    }

    /// A value that can become text or JSON: not a list, range, regex, duration or size.
    private mutating func scalar(_ value: Value, _ action: String) throws(Abort) -> Value {
        switch value.kind {
        case .list, .range, .regex, .duration, .size:
            try failArgument(value, "a string, number, boolean, 'null', JSON literal or call", action)
        default:
            return value
        }
    }
}
