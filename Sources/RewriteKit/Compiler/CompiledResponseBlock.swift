/// A `response { }` or `response when GUARD { }` block.
struct CompiledResponseBlock: Sendable {
    /// The guard, tested on the response; `nil` always runs.
    let guardCondition: CompiledCondition?
    /// The actions, in order.
    let actions: [CompiledAction]
    /// The 1-based line of the `response` keyword.
    let line: Int
}
