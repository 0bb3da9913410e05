/// The one place where every diagnostic of the rule language is worded.
///
/// Messages are lower case, quote the source text they are about, and say what was
/// expected and what was found.
enum DiagnosticMessages {
    // MARK: - Lexer

    static let unterminatedString = "unterminated string literal"
    static let unterminatedRegex = "unterminated regex literal"
    static let unterminatedJSON = "unterminated JSON literal"
    static let unterminatedTemplate = "unterminated '${' in string; expected '}'"
    static let emptyTemplate = "empty '${}' in string; expected a variable name"
    static let jsonTooDeep = "JSON literal nests more than \(Parser.maximumDepth) levels deep"

    static func invalidEscape(_ sequence: String) -> String {
        "invalid escape sequence '\(sequence)' in string"
    }

    static func invalidUnicodeEscape(_ sequence: String) -> String {
        "invalid unicode escape '\(sequence)'; expected 1 to 6 hex digits naming a unicode scalar"
    }

    static func unexpectedCharacter(_ text: String) -> String {
        switch text {
        case "=": "unexpected character '='; did you mean '=='?"
        case "!": "unexpected character '!'; did you mean '!=' or 'not'?"
        case "&", "&&": "unexpected character '\(text)'; did you mean 'and'?"
        case "|", "||": "unexpected character '\(text)'; did you mean 'or'?"
        default: "unexpected character '\(text)'"
        }
    }

    static func unknownRegexFlag(_ flag: String) -> String {
        "unknown regex flag '\(flag)'; only 'i' is supported"
    }

    // MARK: - Parser

    static func expected(_ what: String, found: String) -> String {
        "expected \(what), found \(found)"
    }

    static func expected(_ what: String, after: String, found: String) -> String {
        "expected \(what) after '\(after)', found \(found)"
    }

    static func unknown(_ kind: String, _ word: String, suggestion: String?) -> String {
        if let suggestion { return "unknown \(kind) '\(word)'; did you mean '\(suggestion)'?" }
        return "unknown \(kind) '\(word)'"
    }

    static let nestingTooDeep = "expression nests more than \(Parser.maximumDepth) levels deep"

    static func argumentCount(_ action: String, expected: Int, usage: String, found: Int) -> String {
        let takes = expected == 0 ? "takes no arguments" : "takes \(expected) argument\(expected == 1 ? "" : "s") (\(usage))"
        return "'\(action)' \(takes), found \(found)"
    }

    static func expectedArgument(_ what: String, for action: String, found: String) -> String {
        "expected \(what) for '\(action)', found \(found)"
    }

    static func duplicateRespondBody() -> String { "'respond' already has a 'body'" }

    static func unknownUnit(_ unit: String, in raw: String, suggestion: String?) -> String {
        let base = "unknown unit '\(unit)' in '\(raw)'"
        if let suggestion { return base + "; did you mean '\(suggestion)'?" }
        return base + "; expected ms, s, m, h or B, KB, MB, GB"
    }

    static func expectedRate(found: String) -> String {
        "expected a rate like '64KB/s' after 'throttle', found \(found)"
    }

    // MARK: - Checker

    static func duplicateRule(_ name: String) -> String { "duplicate rule name \"\(name)\"" }
    static func firstRuleNamed(_ name: String) -> String { "first rule named \"\(name)\" is here" }

    static func clauseAfterTerminal(_ clause: String, terminal: String) -> String {
        "'\(clause)' clause after terminal clause '\(terminal)'; a terminal clause must come last"
    }

    static func duplicateTerminal(_ clause: String, first: String) -> String {
        "duplicate terminal clause '\(clause)'; the rule already ends with '\(first)'"
    }

    static func terminalClauseHere(_ clause: String) -> String { "'\(clause)' is here" }

    static let statusOutsideResponse = "'status' can only be tested in 'response when'"

    static func actionWrongPhase(_ action: String, phase: Phase) -> String {
        let other: Phase = phase == .request ? .response : .request
        return "'\(action)' cannot be used in '\(phase.rawValue)'; it is a \(other.rawValue) action"
    }

    static let emptyHeaderName = "header name must not be empty"

    static func invalidHeaderName(_ name: String, character: String) -> String {
        "invalid header name \"\(name)\": \(character) is not allowed in a header name"
    }

    static func invalidHeaderValue(character: String) -> String {
        "invalid header value: it contains \(character), which HTTP forbids in header values"
    }

    static func computedHeader(_ name: String) -> String {
        "header \"\(name)\" is computed by the system; the value set here may be replaced"
    }

    static func invalidJSON(_ message: String) -> String { "invalid JSON literal: \(message)" }
    static func invalidRegex(_ message: String) -> String {
        message.contains("regex") ? message : "invalid regex: \(message)"
    }

    static func invalidJSONPath(_ path: String, _ message: String) -> String {
        "invalid JSON path \"\(path)\": \(message)"
    }

    static func unknownTemplateVariable(_ name: String, suggestion: String?) -> String {
        if let suggestion { return "unknown template variable '${\(name)}'; did you mean '${\(suggestion)}'?" }
        return "unknown template variable '${\(name)}'"
    }

    static func missingRegexGroup(_ group: Int, available: Int) -> String {
        if available == 0 {
            return "template refers to regex group '${\(group)}', but the rule's regexes have no groups"
        }
        return "template refers to regex group '${\(group)}', but the rule's regexes have only "
            + "\(available) group\(available == 1 ? "" : "s")"
    }

    static func bodyFileMissing(_ path: String) -> String { "body file \"\(path)\" does not exist" }

    static func bodyFileUnreadable(_ path: String) -> String { "cannot read body file \"\(path)\"" }

    static func bodyFileEscapes(_ path: String) -> String {
        "body file \"\(path)\" is outside the rule file's folder"
    }

    static func bodyFileAbsolute(_ path: String) -> String {
        "body file \"\(path)\" must be a path relative to the rule file's folder"
    }

    static func bodyFileUnresolvable(_ path: String) -> String {
        "cannot resolve body file \"\(path)\": the rule file has no folder (e.g. it was read from standard input)"
    }

    static func durationOutOfRange(_ raw: String, clause: String, limits: String) -> String {
        "duration '\(raw)' is out of range for '\(clause)'; expected \(limits)"
    }

    static func sizeOutOfRange(_ raw: String, limits: String) -> String {
        "rate '\(raw)/s' is out of range for 'throttle'; expected \(limits)"
    }

    static func inNeedsListOrRange(found: String) -> String {
        "expected a list or a range after 'in', found \(found)"
    }

    static func emptyRange(_ low: String, _ high: String) -> String {
        "range '\(low)..\(high)' is empty; the lower bound is greater than the upper bound"
    }

    static func statusOutOfRange(_ code: Int) -> String {
        "status code \(code) is out of range; expected 100 to 599"
    }

    static func operatorNeeds(_ op: String, _ what: String, found: String) -> String {
        "operator '\(op)' expects \(what), found \(found)"
    }

    static func bareWord(_ word: String) -> String {
        "unexpected bare word '\(word)'; expected a string, did you mean \"\(word)\"?"
    }

    static func unreachableRule(_ name: String, shadowedBy earlier: String) -> String {
        "rule \"\(name)\" can never apply: the earlier rule \"\(earlier)\" matches everything it matches and stops"
    }

    static func stoppingRuleHere(_ name: String) -> String { "rule \"\(name)\" stops here" }
}
