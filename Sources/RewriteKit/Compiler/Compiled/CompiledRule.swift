/// A rule ready to run: conditions compiled, actions prepared, files read.
///
/// What most rules lack (response blocks, a terminal clause, shaping) sits in one optional
/// box, so a rule file of a hundred thousand simple rules stays small in memory.
package final class CompiledRule: Sendable {
    /// The clauses most rules do not have.
    private final class Extras: Sendable {
        let responseBlocks: [CompiledResponseBlock]
        let messageBlocks: [CompiledMessageBlock]
        let sentMessageBlocks: [CompiledMessageBlock]
        let terminal: Terminal?
        let delay: Double?
        let throttleBytesPerSecond: Int?
        let cacheLifetime: Double?
        let uses: Int?
        let network: NetworkProfile?

        init(
            responseBlocks: [CompiledResponseBlock], messageBlocks: [CompiledMessageBlock], sentMessageBlocks: [CompiledMessageBlock],
            terminal: Terminal?, delay: Double?, throttleBytesPerSecond: Int?, cacheLifetime: Double?, uses: Int?, network: NetworkProfile?
        ) {
            self.responseBlocks = responseBlocks
            self.messageBlocks = messageBlocks
            self.sentMessageBlocks = sentMessageBlocks
            self.terminal = terminal
            self.delay = delay
            self.throttleBytesPerSecond = throttleBytesPerSecond
            self.cacheLifetime = cacheLifetime
            self.uses = uses
            self.network = network
        }
    }

    /// A terminal clause.
    enum Terminal: Sendable {
        /// `respond STATUS { ... }`.
        case respond(CompiledRespond)
        /// `fail ERROR`.
        case fail(RequestError)
    }

    /// The rule's name and where it is written.
    package let reference: RuleReference
    /// Every `when` joined by `and`, cheapest first; `nil` matches everything.
    let condition: CompiledCondition?
    /// How many capture slots the rule needs: 0 without regexes, else 1 (`${0}`) plus the
    /// groups of the regexes in its `when` conditions, plus those of its largest guard
    /// (each guard numbers its groups on from the `when` conditions' groups).
    let captureCount: Int
    /// The `request { }` actions, in order (several blocks are concatenated).
    let requestActions: [CompiledAction]
    private let extras: Extras?
    /// Whether the rule has `stop`.
    let stops: Bool
    /// Whether the request phase reads the request body: a `json`/`body` condition, a
    /// request body action, or a `${json.PATH}` template in a request action or `respond`.
    let requestNeedsBody: Bool
    /// Whether all the request phase reads of the body is parts of a multipart body
    /// (`part` tests and actions): an upload too large for memory is then read from its
    /// file a part at a time, never whole.
    let requestReadsOnlyParts: Bool
    /// Whether the `when` conditions test the body (`json`, `body`).
    let conditionReadsBody: Bool

    init(
        reference: RuleReference, condition: CompiledCondition?, captureCount: Int,
        requestActions: [CompiledAction], responseBlocks: [CompiledResponseBlock], messageBlocks: [CompiledMessageBlock] = [],
        sentMessageBlocks: [CompiledMessageBlock] = [], terminal: Terminal?, delay: Double?, throttleBytesPerSecond: Int?, cacheLifetime: Double?, uses: Int? = nil,
        network: NetworkProfile? = nil, stops: Bool
    ) {
        self.reference = reference
        self.condition = condition
        self.captureCount = captureCount
        self.requestActions = requestActions
        let hasExtras = !responseBlocks.isEmpty || !messageBlocks.isEmpty || !sentMessageBlocks.isEmpty || terminal != nil || delay != nil || throttleBytesPerSecond != nil
            || cacheLifetime != nil || uses != nil || network != nil
        extras = hasExtras
            ? Extras(
                responseBlocks: responseBlocks, messageBlocks: messageBlocks, sentMessageBlocks: sentMessageBlocks,
                terminal: terminal, delay: delay,
                throttleBytesPerSecond: throttleBytesPerSecond, cacheLifetime: cacheLifetime, uses: uses, network: network)
            : nil
        self.stops = stops
        var respondReadsJSON = false
        if case .respond(let respond)? = terminal { respondReadsJSON = respond.readsJSONBody }
        conditionReadsBody = condition?.readsBody ?? false
        requestNeedsBody = conditionReadsBody || requestActions.contains(where: \.readsBody)
            || respondReadsJSON
        requestReadsOnlyParts = requestNeedsBody && !respondReadsJSON && !(condition?.readsBodyOutsideParts ?? false)
            && requestActions.allSatisfy { !$0.readsBody || $0.onlyEditsParts }
    }

    /// The `response { }` and `response when` blocks, in order.
    var responseBlocks: [CompiledResponseBlock] { extras?.responseBlocks ?? [] }
    /// The `response each message` blocks, in order.
    var messageBlocks: [CompiledMessageBlock] { extras?.messageBlocks ?? [] }
    /// The `request each message` blocks (the messages the app sends on a WebSocket), in order.
    var sentMessageBlocks: [CompiledMessageBlock] { extras?.sentMessageBlocks ?? [] }
    /// `respond` or `fail`, if any.
    var terminal: Terminal? { extras?.terminal }
    /// `delay`, in seconds.
    var delay: Double? { extras?.delay }
    /// `throttle`, in bytes per second.
    var throttleBytesPerSecond: Int? { extras?.throttleBytesPerSecond }
    /// `cache`, in seconds.
    var cacheLifetime: Double? { extras?.cacheLifetime }
    /// `times N`: how many requests the rule may apply to.
    var uses: Int? { extras?.uses }
    /// `network`: the simulated link its requests go over.
    var network: NetworkProfile? { extras?.network }

    /// Whether, once its conditions hold, no later rule can apply to the request: it
    /// answers (`respond`, `fail`) or stops, and has no `times` that could be spent.
    var endsRequestPhase: Bool { (terminal != nil || stops) && uses == nil }

    /// Whether skipping the rule leaves where the request goes, how it is answered and
    /// every body as they are: its actions only edit headers or observe (`log`, `tag`),
    /// and it has no `respond`, `fail` or `cache` (`delay` and `throttle` only shape
    /// timing). When a platform cannot carry a task through the rules, only such rules
    /// may be skipped; any other fails the task instead of letting it reach the network.
    var onlyEditsHeaders: Bool {
        terminal == nil && cacheLifetime == nil && requestActions.allSatisfy(\.onlyEditsHeaders)
            && responseBlocks.allSatisfy { $0.actions.allSatisfy(\.onlyEditsHeaders) } && messageBlocks.isEmpty
            && sentMessageBlocks.isEmpty
    }

    /// Whether the response phase needs the whole body: a body action, a `${json.PATH}`
    /// template, or a guard that reads the body (``CompiledCondition/readsBody``).
    var responseNeedsBody: Bool {
        responseBlocks.contains { block in
            (block.guardCondition?.readsBody ?? false) || block.actions.contains(where: \.readsBody)
        }
    }
}

/// A `response { }` or `response when GUARD { }` block.
struct CompiledResponseBlock: Sendable {
    /// The guard, tested on the response; `nil` always runs.
    let guardCondition: CompiledCondition?
    /// The actions, in order.
    let actions: [CompiledAction]
    /// The 1-based line of the `response` keyword.
    let line: Int
}
