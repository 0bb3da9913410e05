/// A `response each message [when GUARD] { … }` block, prepared: run on every message of
/// a streaming response as it arrives.
struct CompiledMessageBlock: Sendable {
    /// The guard, tested on the message (`json`, `body`, `event`) and the response; `nil`
    /// always runs.
    let guardCondition: CompiledCondition?
    /// The actions on the message's text, in order.
    let actions: [CompiledAction]
    /// Whether the block drops the message (`drop`).
    let drops: Bool
    /// How long the block holds the message back (`delay`), in seconds.
    let delay: Double?
    /// `times N`: the most messages of one stream or connection it runs on.
    let uses: Int?
    /// The 1-based line of the `response` keyword.
    let line: Int
}
