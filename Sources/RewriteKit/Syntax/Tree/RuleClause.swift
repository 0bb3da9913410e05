/// One clause inside a rule.
struct RuleClause: Sendable, Hashable {
    /// What kind of clause this is, with its contents.
    enum Kind: Sendable, Hashable {
        /// `when CONDITION`.
        case when(Condition)
        /// `request { ACTIONS }`.
        case request(ActionBlock)
        /// `response { ACTIONS }` or `response when CONDITION { ACTIONS }`.
        case response(guard: Condition?, ActionBlock)
        /// `response each message [when CONDITION] { … }`: run on every message of a stream.
        case eachMessage(guard: Condition?, MessageBlock)
        /// `request each message [when CONDITION] { … }`: run on every message the app sends
        /// on a WebSocket.
        case eachSentMessage(guard: Condition?, MessageBlock)
        /// `respond STATUS { ... }`: answer without the network (terminal). Boxed: its
        /// contents are several times the size of any other clause's, and every clause of
        /// every rule would otherwise be as large, copied whole by each pass over the clauses.
        indirect case respond(RespondClause)
        /// `fail ERROR`: fail the request without the network (terminal).
        case fail(FailError)
        /// `delay DURATION`.
        case delay(DurationValue)
        /// `throttle SIZE/s`: the size is the rate in bytes per second.
        case throttle(SizeValue)
        /// `network "PRESET"` or `network { … }`: a simulated link.
        indirect case network(NetworkClause)
        /// `cache DURATION`.
        case cache(DurationValue)
        /// `stop`.
        case stop
        /// `times N`: the rule applies to at most N requests of an installation.
        case times(Int, range: SourceRange)
    }

    /// The clause's kind and contents.
    let kind: Kind
    /// The clause's leading keyword (`when`, `request`, ...).
    let keywordRange: SourceRange
    /// The whole clause.
    let range: SourceRange

    /// Creates a clause node.
    init(kind: Kind, keywordRange: SourceRange, range: SourceRange) {
        self.kind = kind
        self.keywordRange = keywordRange
        self.range = range
    }

    /// The clause's keyword, as written in rule files.
    var keyword: String {
        switch kind {
        case .when: "when"
        case .request, .eachSentMessage: "request"
        case .response, .eachMessage: "response"
        case .respond: "respond"
        case .fail: "fail"
        case .delay: "delay"
        case .throttle: "throttle"
        case .network: "network"
        case .cache: "cache"
        case .stop: "stop"
        case .times: "times"
        }
    }

    /// Whether this clause answers the request without the network (`respond`, `fail`).
    var isTerminal: Bool {
        switch kind {
        case .respond, .fail: true
        default: false
        }
    }

    /// Whether this is `stop` (matched as a case: comparing kinds builds one to compare with).
    var isStop: Bool {
        if case .stop = kind { true } else { false }
    }
}
