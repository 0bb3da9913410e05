/// The one place where every diagnostic of the rule language is worded.
///
/// Messages are lower case, quote the source text they are about, and say what was
/// expected and what was found. Each carries the ``DiagnosticID`` of its kind.
enum DiagnosticMessages {
    // MARK: - Lexical

    static let unterminatedString = DiagnosticMessage(.unterminatedString, "unterminated string literal")
    static let unterminatedRegex = DiagnosticMessage(.unterminatedRegex, "unterminated regex literal")
    static let unterminatedJSON = DiagnosticMessage(.unterminatedJSON, "unterminated JSON literal")
    static let unterminatedTemplate = DiagnosticMessage(.unterminatedPlaceholder, "unterminated '${' in string; expected '}'")
    static let emptyTemplate = DiagnosticMessage(.emptyPlaceholder, "empty '${}' in string; expected a variable name")

    static func jsonTooDeep(limit: Int) -> DiagnosticMessage {
        DiagnosticMessage(.tooDeep, "JSON literal nests more than \(limit) levels deep")
    }

    static func invalidEscape(_ sequence: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidEscape, "invalid escape sequence '\(sequence)' in string")
    }

    static func invalidUnicodeEscape(_ sequence: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .invalidEscape, "invalid unicode escape '\(sequence)'; expected 1 to 6 hex digits naming a unicode scalar")
    }

    static func unexpectedCharacter(_ text: String) -> DiagnosticMessage {
        let text = switch text {
        case "=": "unexpected character '='; did you mean '=='?"
        case "!": "unexpected character '!'; did you mean '!=' or 'not'?"
        case "&", "&&": "unexpected character '\(text)'; did you mean 'and'?"
        case "|", "||": "unexpected character '\(text)'; did you mean 'or'?"
        default: "unexpected character '\(text)'"
        }
        return DiagnosticMessage(.unexpectedCharacter, text)
    }

    static func unknownRegexFlag(_ flag: String) -> DiagnosticMessage {
        DiagnosticMessage(.unknownRegexFlag, "unknown regex flag '\(flag)'; only 'i' is supported")
    }

    // MARK: - Grammar

    static func expected(_ what: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(.syntax, "expected \(what), found \(found)")
    }

    static func expected(_ what: String, after: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(.syntax, "expected \(what) after '\(after)', found \(found)")
    }

    /// `unknown KIND 'WORD'` with the nearest spelling; without one, the words that share a
    /// part with it (`add-json`: the `-json` actions), or else every word it could be.
    static func unknown(_ kind: String, _ word: String, suggestion: String?, candidates: [String] = []) -> DiagnosticMessage {
        if let suggestion { return DiagnosticMessage(.unknownName, "unknown \(kind) '\(word)'; did you mean '\(suggestion)'?") }
        let parts = Set(word.lowercased().split(separator: "-").filter { $0.count > 2 })
        let related = candidates.filter { !parts.isDisjoint(with: $0.lowercased().split(separator: "-")) }
        if !related.isEmpty {
            let listed = related.map { "'\($0)'" }
            let choice = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "")
            return DiagnosticMessage(.unknownName, "unknown \(kind) '\(word)'; did you mean \(choice)?")
        }
        guard !candidates.isEmpty, candidates.count <= 40 else { return DiagnosticMessage(.unknownName, "unknown \(kind) '\(word)'") }
        return DiagnosticMessage(.unknownName, "unknown \(kind) '\(word)'; expected one of: " + candidates.joined(separator: ", "))
    }

    static func nestingTooDeep(limit: Int) -> DiagnosticMessage {
        DiagnosticMessage(.tooDeep, "expression nests more than \(limit) levels deep")
    }

    static func argumentCount(_ action: String, expected: Int, usage: String, found: Int) -> DiagnosticMessage {
        let takes = expected == 0 ? "takes no arguments" : "takes \(expected) argument\(expected == 1 ? "" : "s") (\(usage))"
        return DiagnosticMessage(.argumentCount, "'\(action)' \(takes), found \(found)")
    }

    static func expectedArgument(_ what: String, for action: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(.argumentType, "expected \(what) for '\(action)', found \(found)")
    }

    static let duplicateRespondBody = DiagnosticMessage(.duplicateBody, "'respond' already has a 'body'")
    static let duplicateRespondStream = DiagnosticMessage(.duplicateBody, "'respond' already has a 'stream'")
    static let duplicateRespondSocket = DiagnosticMessage(.duplicateBody, "'respond' already has a 'socket'")
    static let respondStreamAndBody = DiagnosticMessage(
        .duplicateBody, "'respond' has both a 'body' and a 'stream'; a stream takes the place of the body")

    // MARK: - Network conditions

    static func unknownNetworkPreset(_ name: String, presets: [String], suggestion: String?) -> DiagnosticMessage {
        let known = presets.map { "\"\($0)\"" }.joined(separator: ", ")
        let hint = suggestion.map { "did you mean \"\($0)\"? " } ?? ""
        return DiagnosticMessage(.networkProfile, "unknown network profile \"\(name)\"; \(hint)the presets are \(known), or write '{ … }' with settings")
    }

    static func networkRate(_ raw: String, setting: String) -> DiagnosticMessage {
        DiagnosticMessage(.networkProfile, "'\(setting) \(raw)/s' is out of range; a bandwidth is 1B/s to 1GB/s (leave it out for no limit)")
    }

    static func networkLoss(_ raw: String) -> DiagnosticMessage {
        DiagnosticMessage(.networkProfile, "'loss \(raw)' is out of range; a loss is 0% to 100%")
    }

    static func networkSeed(_ seed: Int) -> DiagnosticMessage {
        DiagnosticMessage(.networkProfile, "'seed \(seed)' is out of range; a seed is 0 to \(Int.max)")
    }

    static func duplicateNetworkSetting(_ setting: String) -> DiagnosticMessage {
        DiagnosticMessage(.networkProfile, "'\(setting)' is given twice in this profile")
    }

    static let duplicateNetwork = DiagnosticMessage(.networkProfile, "a rule can have only one 'network' clause")

    // MARK: - WebSockets

    static func socketStatus(_ status: Int) -> DiagnosticMessage {
        DiagnosticMessage(.socketScript, "'socket' answers a WebSocket handshake, whose status is 101; found \(status)")
    }

    static let socketWithBody = DiagnosticMessage(
        .socketScript, "'respond' has a 'socket' and a 'body' or 'stream'; a WebSocket conversation has no body")

    static func socketCloseCode(_ code: Int) -> DiagnosticMessage {
        DiagnosticMessage(
            .socketScript,
            "close code \(code) cannot be sent in a close frame; expected 1000 to 1003 or 1007 to 1011 (the codes URLSessionWebSocketTask.CloseCode names)")
    }

    static func socketCloseReason(_ bytes: Int) -> DiagnosticMessage {
        DiagnosticMessage(.socketScript, "a close reason is at most 123 bytes of UTF-8 (a close frame holds 125 with the code); this one is \(bytes)")
    }

    static let socketBase64 = DiagnosticMessage(.socketScript, "a binary message's bytes must be base64 (RFC 4648, with or without padding)")

    static func socketStepAfterEnd(_ step: String, end: String) -> DiagnosticMessage {
        DiagnosticMessage(.socketScript, "'\(step)' after '\(end)' never runs; the conversation has ended")
    }

    // MARK: - Streams

    static let streamWithoutFormat = DiagnosticMessage(
        .streamFormat,
        "'stream' needs a 'Content-Type' header of text/event-stream, application/x-ndjson, application/jsonl or "
            + "application/json-seq to know how to write its messages")

    static func streamFileWithoutFormat(_ path: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .streamFormat,
            "stream file \"\(path)\" needs a 'Content-Type' header of a stream (text/event-stream, application/x-ndjson, "
                + "application/jsonl, application/json-seq) or a name ending in .sse, .ndjson, .jsonl or .json-seq")
    }

    static let streamFieldOutsideEvents = DiagnosticMessage(
        .streamFormat, "'event' and 'id' are fields of server-sent events; this stream's 'Content-Type' is not text/event-stream")

    static let streamMessageLineBreak = DiagnosticMessage(
        .streamFormat, "a JSON Lines message is one line; this message contains a line break")

    static func streamTimingMismatch(_ path: String, gaps: Int, messages: Int) -> DiagnosticMessage {
        DiagnosticMessage(
            .streamFormat,
            "timing file \"\(path)\" has \(gaps) gap\(gaps == 1 ? "" : "s") for \(messages) message\(messages == 1 ? "" : "s"); expected one line per message")
    }

    static func streamTimingLine(_ path: String, line: Int) -> DiagnosticMessage {
        DiagnosticMessage(
            .streamFormat, "line \(line) of timing file \"\(path)\" is not a gap in milliseconds (a whole number from 0 to 3600000)")
    }

    static func chunkOutOfRange(_ raw: String) -> DiagnosticMessage {
        DiagnosticMessage(.outOfRange, "size '\(raw)' is out of range for 'chunk'; expected 1B to 1GB")
    }

    static func unknownUnit(_ unit: String, in raw: String, suggestion: String?) -> DiagnosticMessage {
        let base = "unknown unit '\(unit)' in '\(raw)'"
        if let suggestion { return DiagnosticMessage(.unknownUnit, base + "; did you mean '\(suggestion)'?") }
        return DiagnosticMessage(.unknownUnit, base + "; expected ms, s, m, h or B, KB, MB, GB")
    }

    static func expectedRate(found: String) -> DiagnosticMessage {
        DiagnosticMessage(.syntax, "expected a rate like '64KB/s' after 'throttle', found \(found)")
    }

    static func unclosedParenthesis(found: String) -> DiagnosticMessage {
        DiagnosticMessage(.unclosedParenthesis, "expected ')' to close '(' before the end of the line, found \(found)")
    }

    static let openingParenthesisHere = DiagnosticMessage(.unclosedParenthesis, "'(' opened here")

    static func conditionContinued(_ word: String) -> DiagnosticMessage {
        let how = word == "and"
            ? "put 'and …' on the same line, or start another 'when' line (several 'when' lines are joined with 'and')"
            : "write the whole condition on one line"
        return DiagnosticMessage(.conditionContinued, "a condition ends at the line break, so a line cannot start with '\(word)'; \(how)")
    }

    static let emptyRuleName = DiagnosticMessage(.emptyRuleName, "rule name must not be empty")

    // MARK: - Meaning

    static func duplicateRule(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage(.duplicateRule, "duplicate rule name \"\(name)\"")
    }

    static func firstRuleNamed(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage(.duplicateRule, "first rule named \"\(name)\" is here")
    }

    static func clauseAfterTerminal(_ clause: String, terminal: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .clauseAfterTerminal, "'\(clause)' clause after terminal clause '\(terminal)'; a terminal clause must come last")
    }

    static func duplicateTerminal(_ clause: String, first: String) -> DiagnosticMessage {
        DiagnosticMessage(.clauseAfterTerminal, "duplicate terminal clause '\(clause)'; the rule already ends with '\(first)'")
    }

    static func terminalClauseHere(_ clause: String) -> DiagnosticMessage {
        DiagnosticMessage(.clauseAfterTerminal, "'\(clause)' is here")
    }

    static let eventOutsideMessages = DiagnosticMessage(
        .eventOutsideMessages, "'event' can only be tested in 'response each message when'")

    static let dropOutsideMessages = DiagnosticMessage(
        .actionNotForMessages, "'drop' can only be used in 'response each message'; it removes one message of a stream")


    static func actionNotForMessages(_ action: String, block: String = "response each message") -> DiagnosticMessage {
        DiagnosticMessage(
            .actionNotForMessages,
            "'\(action)' cannot be used in '\(block)'; a message has only its text (use JSON actions, "
                + "'replace-body', 'set-body', 'drop', 'delay', 'log' or 'tag')")
    }

    static let statusOutsideResponse = DiagnosticMessage(
        .statusOutsideResponse, "'status' can only be tested in 'response when'")

    static func timesOutOfRange(_ count: Int, limit: Int) -> DiagnosticMessage {
        DiagnosticMessage(.invalidTimes, "'times \(count)' is out of range; a rule may be limited to 1 to \(limit) requests")
    }

    static func messageTimesOutOfRange(_ count: Int, limit: Int) -> DiagnosticMessage {
        DiagnosticMessage(.invalidTimes, "'times \(count)' is out of range; a message block or reply may be limited to 1 to \(limit) messages")
    }

    static let duplicateTimes = DiagnosticMessage(.invalidTimes, "a rule can have only one 'times' clause")

    static let graphQLInResponse = DiagnosticMessage(
        .graphQLInResponse, "'graphql' subjects read the request; test them in the rule's 'when'")

    /// `block` is `request` or `response`: the block the action was written in.
    static func actionNotForParts(_ action: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .multipartAction,
            "'\(action)' cannot be used inside 'part { }'; a part takes header and body actions and 'set-filename'")
    }

    static let setFilenameOutsidePart = DiagnosticMessage(
        .multipartAction, "'set-filename' can only be used inside 'part { }'; it renames the file a part carries")

    static let partTestOutsideWhen = DiagnosticMessage(
        .multipartAction, "'part' can only be tested in 'when' and 'response when'; a message of a stream has no parts")

    static let emptyPartName = DiagnosticMessage(.multipartAction, "a part's name must not be empty")

    static func actionWrongPhase(_ action: String, block: String) -> DiagnosticMessage {
        let other = block == "request" ? "response" : "request"
        return DiagnosticMessage(.actionWrongPhase, "'\(action)' cannot be used in '\(block)'; it is a \(other) action")
    }

    static let emptyHeaderName = DiagnosticMessage(.invalidHeaderName, "header name must not be empty")

    static func invalidHeaderName(_ name: String, character: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidHeaderName, "invalid header name \"\(name)\": \(character) is not allowed in a header name")
    }

    static func invalidHeaderValue(character: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidHeaderValue, "invalid header value: it contains \(character), which HTTP forbids in header values")
    }

    static func computedHeader(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage(.computedHeader, "header \"\(name)\" is computed by the system; the value set here may be replaced")
    }

    static func invalidJSON(_ message: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidJSON, "invalid JSON literal: \(message)")
    }

    static func invalidRegex(_ message: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidRegex, message.contains("regex") ? message : "invalid regex: \(message)")
    }

    static func invalidJSONPath(_ path: String, _ message: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidJSONPath, "invalid JSON path \"\(path)\": \(message)")
    }

    static func invalidHost(_ text: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(.invalidHost, "invalid host \"\(text)\": \(reason)")
    }

    static func unknownTemplateVariable(_ name: String, suggestion: String?) -> DiagnosticMessage {
        if let suggestion {
            return DiagnosticMessage(.unknownVariable, "unknown template variable '${\(name)}'; did you mean '${\(suggestion)}'?")
        }
        return DiagnosticMessage(.unknownVariable, "unknown template variable '${\(name)}'")
    }

    static func missingRegexGroup(_ group: Int, available: Int) -> DiagnosticMessage {
        if available == 0 {
            return DiagnosticMessage(
                .missingRegexGroup, "template refers to regex group '${\(group)}', but the rule's regexes have no groups")
        }
        return DiagnosticMessage(
            .missingRegexGroup,
            "template refers to regex group '${\(group)}', but the rule's regexes have only "
                + "\(available) group\(available == 1 ? "" : "s")")
    }

    static func bodyFileMissing(_ path: String) -> DiagnosticMessage {
        DiagnosticMessage(.bodyFileMissing, "body file \"\(path)\" does not exist")
    }

    static func bodyFileUnreadable(_ path: String, _ reason: String) -> DiagnosticMessage {
        DiagnosticMessage(.bodyFileMissing, "cannot read body file \"\(path)\": \(reason)")
    }

    static func bodyFileUnresolvable(_ path: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .bodyFileMissing,
            "cannot resolve body file \"\(path)\": the rule file has no folder (e.g. it was read from standard input)")
    }

    static func bodyFileEscapes(_ path: String) -> DiagnosticMessage {
        DiagnosticMessage(.bodyFileOutside, "body file \"\(path)\" is outside the rule file's folder")
    }

    static func bodyFileAbsolute(_ path: String) -> DiagnosticMessage {
        DiagnosticMessage(.bodyFileOutside, "body file \"\(path)\" must be a path relative to the rule file's folder")
    }

    static func durationOutOfRange(_ raw: String, clause: String, limits: String) -> DiagnosticMessage {
        DiagnosticMessage(.outOfRange, "duration '\(raw)' is out of range for '\(clause)'; expected \(limits)")
    }

    static func rateOutOfRange(_ raw: String, limits: String) -> DiagnosticMessage {
        DiagnosticMessage(.outOfRange, "rate '\(raw)/s' is out of range for 'throttle'; expected \(limits)")
    }

    static func statusOutOfRange(_ code: Int) -> DiagnosticMessage {
        DiagnosticMessage(.outOfRange, "status code \(code) is out of range; expected 100 to 599")
    }

    static func inNeedsListOrRange(found: String) -> DiagnosticMessage {
        DiagnosticMessage(.operandType, "expected a list or a range after 'in', found \(found)")
    }

    static func emptyRange(_ low: String, _ high: String) -> DiagnosticMessage {
        DiagnosticMessage(.emptyRange, "range '\(low)..\(high)' is empty; the lower bound is greater than the upper bound")
    }

    static func operatorNeeds(_ op: String, _ what: String, found: String) -> DiagnosticMessage {
        DiagnosticMessage(.operandType, "operator '\(op)' expects \(what), found \(found)")
    }

    static func bareWord(_ word: String) -> DiagnosticMessage {
        DiagnosticMessage(.bareWord, "unexpected bare word '\(word)'; expected a string, did you mean \"\(word)\"?")
    }

    static func unreachableRule(_ name: String, shadowedBy earlier: String) -> DiagnosticMessage {
        DiagnosticMessage(
            .unreachableRule,
            "rule \"\(name)\" can never apply: the earlier rule \"\(earlier)\" matches everything it matches and stops")
    }

    static func stoppingRuleHere(_ name: String) -> DiagnosticMessage {
        DiagnosticMessage(.unreachableRule, "rule \"\(name)\" stops here")
    }
}
