/// `{ ACTIONS }` after `request`, `response` or `response when CONDITION`.
struct ActionBlock: Sendable, Hashable {
    /// The actions in order.
    let actions: [Action]
    /// From `{` to `}`.
    let range: SourceRange
}
