/// The stable identifiers of the kinds of diagnostic; ``Diagnostic/identifier`` holds the raw value.
///
/// Identifiers never change once published: wordings may improve, identifiers stay. The rule
/// language reference lists every one (a test checks that it does).
package enum DiagnosticID: String, Sendable, CaseIterable {
    // Lexical
    /// A string literal without its closing quote.
    case unterminatedString = "unterminated-string"
    /// A regex literal without its closing slash.
    case unterminatedRegex = "unterminated-regex"
    /// A JSON literal whose brackets never close.
    case unterminatedJSON = "unterminated-json"
    /// `${` without `}` in a string.
    case unterminatedPlaceholder = "unterminated-placeholder"
    /// `${}`.
    case emptyPlaceholder = "empty-placeholder"
    /// An escape sequence strings do not have.
    case invalidEscape = "invalid-escape"
    /// A character the language has no use for.
    case unexpectedCharacter = "unexpected-character"
    /// A regex flag other than `i`.
    case unknownRegexFlag = "unknown-regex-flag"
    /// Nesting past the documented depth limit.
    case tooDeep = "too-deep"

    // Grammar
    /// Something other than what the grammar allows here.
    case syntax
    /// A misspelt keyword, subject, operator, action, clause, function or error name.
    case unknownName = "unknown-name"
    /// A unit other than ms, s, m, h, B, KB, MB, GB.
    case unknownUnit = "unknown-unit"
    /// An action with too few or too many arguments.
    case argumentCount = "argument-count"
    /// An action argument of the wrong kind.
    case argumentType = "argument-type"
    /// A second `body` in one `respond`.
    case duplicateBody = "duplicate-body"
    /// A `(` not closed on its line.
    case unclosedParenthesis = "unclosed-parenthesis"
    /// A line starting with `and` or `or`: conditions end at the line break.
    case conditionContinued = "condition-continued"
    /// `rule ""`.
    case emptyRuleName = "empty-rule-name"

    // Meaning
    /// Two rules with the same name in one file.
    case duplicateRule = "duplicate-rule"
    /// A clause after `respond` or `fail`.
    case clauseAfterTerminal = "clause-after-terminal"
    /// `status` tested outside `response when`.
    case statusOutsideResponse = "status-outside-response"
    /// A `graphql` subject in `response when` (it reads the request).
    case graphQLInResponse = "graphql-in-response"
    /// `event` tested outside `response each message when`.
    case eventOutsideMessages = "event-outside-messages"
    /// An action `response each message` cannot run on a message, or a message statement
    /// (`drop`, `each message`) outside `response each message`.
    case actionNotForMessages = "action-not-for-messages"
    /// `times` with a count below 1 or above the limit, or written twice.
    case invalidTimes = "invalid-times"
    /// A request-only action in `response` or the other way round.
    case actionWrongPhase = "action-wrong-phase"
    /// A header name that is not an HTTP token.
    case invalidHeaderName = "invalid-header-name"
    /// A header value with CR, LF, NUL or another control character.
    case invalidHeaderValue = "invalid-header-value"
    /// Setting a header the system computes itself (a warning).
    case computedHeader = "computed-header"
    /// A JSON literal that is not valid JSON.
    case invalidJSON = "invalid-json"
    /// A regex the engine does not accept.
    case invalidRegex = "invalid-regex"
    /// A JSON path that does not parse.
    case invalidJSONPath = "invalid-json-path"
    /// A host or host pattern that has no ASCII form.
    case invalidHost = "invalid-host"
    /// `${name}` naming no variable.
    case unknownVariable = "unknown-variable"
    /// `${n}` beyond the groups of the rule's regexes.
    case missingRegexGroup = "missing-regex-group"
    /// A `body file` that does not exist or cannot be read.
    case bodyFileMissing = "body-file-missing"
    /// A `body file` outside the rule file's folder.
    case bodyFileOutside = "body-file-outside"
    /// A duration, rate or status code beyond its limits.
    case outOfRange = "out-of-range"
    /// A range whose lower bound is above its upper bound.
    case emptyRange = "empty-range"
    /// An operator given a value it cannot compare with.
    case operandType = "operand-type"
    /// A bare word where a string is needed.
    case bareWord = "bare-word"
    /// A rule an earlier `stop` rule always shadows (a warning).
    case unreachableRule = "unreachable-rule"
    /// A `stream` whose messages cannot be made as written: no streaming `Content-Type`,
    /// `event` or `id` outside server-sent events, a timing file that does not fit.
    case streamFormat = "stream-format"
    /// A `socket` conversation that cannot run as written: a status other than 101, a body
    /// beside it, a close code or reason a close frame cannot carry, bytes that are not
    /// base64, a step after the conversation ended.
    case socketScript = "socket-script"
    /// A `network` profile that cannot be simulated: an unknown preset, a bandwidth of zero,
    /// a loss above 100%, a setting given twice.
    case networkProfile = "network-profile"
    /// A multipart action or test where it cannot apply: an action a part cannot take
    /// inside `part { }`, `set-filename` outside one, a `part` test outside `when`, an
    /// empty part name.
    case multipartAction = "multipart-action"

    /// Whether diagnostics of this kind are warnings (the rule file still loads), which
    /// `rewrite check --ignore` may silence; every other kind is an error.
    package var isWarning: Bool {
        self == .computedHeader || self == .unreachableRule
    }
}
