/// A rule ready to run: conditions compiled, actions prepared, files read.
final class CompiledRule: Sendable {
    /// A terminal clause.
    enum Terminal: Sendable {
        /// `respond STATUS { ... }`.
        case respond(CompiledRespond)
        /// `fail ERROR`, as a `URLError` code.
        case fail(code: Int)
    }

    /// The rule's name and where it is written.
    let reference: RuleReference
    /// Every `when` joined by `and`, cheapest first; `nil` matches everything.
    let condition: CompiledCondition?
    /// How many capture slots the rule needs: 0 without regexes, else 1 (`${0}`) plus the
    /// groups of the regexes in its `when` conditions, plus those of its largest guard
    /// (each guard numbers its groups on from the `when` conditions' groups).
    let captureCount: Int
    /// The `request { }` actions, in order (several blocks are concatenated).
    let requestActions: [CompiledAction]
    /// The `response { }` and `response when` blocks, in order.
    let responseBlocks: [CompiledResponseBlock]
    /// `respond` or `fail`, if any.
    let terminal: Terminal?
    /// `delay`, in seconds.
    let delay: Double?
    /// `throttle`, in bytes per second.
    let throttleBytesPerSecond: Int?
    /// `cache`, in seconds.
    let cacheLifetime: Double?
    /// Whether the rule has `stop`.
    let stops: Bool
    /// Whether the request phase reads the request body: a `json`/`body` condition, a
    /// request body action, or a `${json.PATH}` template in a request action or `respond`.
    let requestNeedsBody: Bool

    init(
        reference: RuleReference, condition: CompiledCondition?, captureCount: Int,
        requestActions: [CompiledAction], responseBlocks: [CompiledResponseBlock], terminal: Terminal?,
        delay: Double?, throttleBytesPerSecond: Int?, cacheLifetime: Double?, stops: Bool
    ) {
        self.reference = reference
        self.condition = condition
        self.captureCount = captureCount
        self.requestActions = requestActions
        self.responseBlocks = responseBlocks
        self.terminal = terminal
        self.delay = delay
        self.throttleBytesPerSecond = throttleBytesPerSecond
        self.cacheLifetime = cacheLifetime
        self.stops = stops
        var respondReadsJSON = false
        if case .respond(let respond)? = terminal { respondReadsJSON = respond.readsJSONBody }
        requestNeedsBody = (condition?.readsBody ?? false) || requestActions.contains(where: \.readsRequestBody)
            || respondReadsJSON
    }

    /// Whether the response phase needs the whole body: a body action, or a guard on `json`/`body`.
    var responseNeedsBody: Bool {
        responseBlocks.contains { block in
            (block.guardCondition?.readsBody ?? false) || block.actions.contains(where: \.touchesBody)
        }
    }
}
