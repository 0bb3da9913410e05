/// One step of a ``Trace``: which rule did what, in which phase.
public struct TraceEntry: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Event: Sendable, Hashable {
        /// The rule's conditions held and the rule applied.
        case ruleApplied
        /// The rule's `stop` ended consideration of every later rule.
        case stopped
        /// An action ran and changed something.
        case changed(action: String, change: Change)
        /// An action ran and found nothing to change (a header already absent, no match).
        case unchanged(action: String, reason: String)
        /// An action was skipped and left the message as it was; `reason` says why
        /// (for body actions, the JSON engine's reason).
        case skipped(action: String, reason: String)
        /// A body action changed the body, so the `Content-Length` header was removed
        /// (the transport computes it again).
        case contentLengthRemoved
        /// A template read a variable that has no value; it was rendered as an empty string.
        case missingVariable(String)
        /// A `response when` guard did not hold, so its block did not run.
        case guardFailed
        /// The rule's conditions held, but it had already applied to as many requests as
        /// its `times` clause allows: it was skipped as if they had not.
        case usedUp(times: Int)
        /// A message block's guard held (or it has none), but it had already run on as many
        /// messages of this stream or connection as its `times` allows: the message went on
        /// without it.
        case blockUsedUp(times: Int)
        /// A limit stopped the rule's work (a regex over its work budget, a template value
        /// that would change a URL's structure): the condition did not hold, or the action
        /// was not applied, and the message was left as it was.
        case limitExceeded(String)
        /// `respond`: the request is answered with a made-up response of this status.
        case responded(status: Int)
        /// `fail`: the request fails with this error.
        case failed(RequestError)
        /// `log`: a message for the app's observers (method and URL, or status and URL).
        case log(String)
        /// `tag "NAME"`.
        case tag(String)
    }

    /// What an action changed, with the values before and after.
    public enum Change: Sendable, Hashable {
        /// A header's values (every field of that name) before and after.
        case header(name: String, before: [String], after: [String])
        /// A query parameter's first value before and after (`nil`: absent).
        case query(name: String, before: String?, after: String?)
        /// The whole URL before and after.
        case url(before: String, after: String)
        /// The response status before and after.
        case status(before: Int, after: Int)
        /// The body's length in bytes before (`nil`: no body) and after, with a short summary of the edit.
        case body(beforeLength: Int?, afterLength: Int, summary: String)
    }

    /// Whether the entry says its rule applied (one such entry per applied rule).
    var isRuleApplied: Bool {
        if case .ruleApplied = event { true } else { false }
    }

    /// Whether the entry is a `log` or `tag`: what the app's observers are told.
    var isLogOrTag: Bool {
        switch event {
        case .log, .tag: true
        default: false
        }
    }

    /// The rule the entry belongs to.
    public let rule: RuleReference
    /// The phase the entry happened in.
    public let phase: Phase
    /// The 1-based line of the action or clause in the rule file, when there is one.
    public let line: Int?
    /// What happened.
    public internal(set) var event: Event

    /// Creates an entry.
    package init(rule: RuleReference, phase: Phase, line: Int? = nil, event: consuming Event) {
        self.rule = rule
        self.phase = phase
        self.line = line
        self.event = event
    }

    /// One line for people: `[request] "NAME" (FILE:LINE) set-header: User-Agent "a" -> "b"`.
    public var description: String {
        let place = line.map { "\(rule.file):\($0)" } ?? "\(rule.file):\(rule.line)"
        return "[\(phase.rawValue)] \"\(rule.name)\" (\(place)) \(eventDescription)"
    }

    private var eventDescription: String {
        switch event {
        case .ruleApplied: return "applied"
        case .stopped: return "stop: no later rule is considered"
        case .changed(let action, let change): return "\(action): \(Self.describe(change))"
        case .unchanged(let action, let reason): return "\(action): unchanged (\(reason))"
        case .skipped(let action, let reason): return "\(action): skipped (\(reason))"
        case .contentLengthRemoved: return "removed 'Content-Length' because the body changed"
        case .missingVariable(let name): return "'${\(name)}' has no value; used an empty string"
        case .guardFailed: return "response guard did not hold; block skipped"
        case .usedUp(let times): return "used up: already applied to \(times) request\(times == 1 ? "" : "s") (times \(times)); skipped"
        case .blockUsedUp(let times): return "used up: already ran on \(times) message\(times == 1 ? "" : "s") (times \(times)); skipped"
        case .limitExceeded(let message): return "limit reached: \(message)"
        case .responded(let status): return "respond \(status)"
        case .failed(let error):
            let what = error.isURLError ? "URLError code \(error.code)" : "\(error.domain) code \(error.code)"
            return "fail with \(what)" + (error.message.map { " (\"\($0)\")" } ?? "")
        case .log(let message): return "log: \(message)"
        case .tag(let name): return "tag \"\(name)\""
        }
    }

    private static func describe(_ change: Change) -> String {
        switch change {
        case .header(let name, let before, let after):
            return "\(name) \(quoted(before)) -> \(quoted(after))"
        case .query(let name, let before, let after):
            return "\(name) \(before.map { "\"\($0)\"" } ?? "(absent)") -> \(after.map { "\"\($0)\"" } ?? "(absent)")"
        case .url(let before, let after):
            return "\(before) -> \(after)"
        case .status(let before, let after):
            return "\(before) -> \(after)"
        case .body(let before, let after, let summary):
            return "\(summary); \(before.map { "\($0) bytes" } ?? "no body") -> \(after) bytes"
        }
    }

    private static func quoted(_ values: [String]) -> String {
        values.isEmpty ? "(absent)" : values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// When an action runs: on the request before it is sent, or on the response before the app sees it.
public enum Phase: String, Sendable, Hashable {
    /// The outgoing request.
    case request
    /// The incoming response (or a `respond` stub).
    case response
}

extension TraceEntry {
    /// Whether the entry records a change to the body.
    var changesBody: Bool {
        switch event {
        case .changed(_, .body), .contentLengthRemoved: true
        default: false
        }
    }
}
