/// A regex operation gave up: it needed more steps than ``SafeRegex`` allows for a text of
/// its length. Nothing was matched or replaced.
struct RegexWorkLimitExceeded: Error, Sendable, CustomStringConvertible {
    /// The operation's budget.
    let steps: Int
    /// The text's length in Unicode scalars.
    let scalars: Int

    /// `the regex gave up after 4,294,400 steps on 16,384 characters (the limit is 256 steps per character)`.
    var description: String {
        "the regex gave up after \(steps) steps on \(scalars) characters (the limit is \(SafeRegex.stepsPerScalar) steps per character)"
    }
}
