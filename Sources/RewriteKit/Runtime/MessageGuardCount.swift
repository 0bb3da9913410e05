/// How often a `response each message when GUARD` block's guard held on the messages of a
/// stream, for `rewrite apply --explain`.
package struct MessageGuardCount: Sendable {
    /// The rule.
    package let rule: RuleReference
    /// The guard as compiled (`json "choices[0].delta.content" exists`).
    package let condition: String
    /// The line of the block's `response`.
    package let line: Int
    /// On how many of the messages that reached it it held.
    package let held: Int
    /// How many messages reached the block (those an earlier block dropped did not).
    package let messages: Int
}
