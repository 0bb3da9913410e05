/// `network "PRESET"` or `network ["NAME"] { latency D; jitter D; down RATE; up RATE; loss P% [fail E | stall]; seed N }`:
/// the requests of the rule go over a simulated link.
struct NetworkClause: Sendable, Hashable {
    /// One setting of a custom profile.
    enum Setting: Sendable, Hashable {
        case latency(DurationValue)
        case jitter(DurationValue)
        case down(SizeValue)
        case up(SizeValue)
        /// `loss P%`, then what a lost request does: fails with an error, or stalls (nil: fails with `network-lost`).
        case loss(percent: Double, raw: String, range: SourceRange, effect: LossEffect?)
        case seed(Int, range: SourceRange)
    }

    /// What a lost request does.
    enum LossEffect: Sendable, Hashable {
        case fail(FailError)
        case stall
    }

    /// A preset's name (`"3G"`), or a custom profile's name if it has one.
    let name: String?
    let nameRange: SourceRange?
    /// A custom profile's settings; nil for a preset.
    let settings: [Setting]?
    /// From `network` to the end of the clause.
    let range: SourceRange
}
