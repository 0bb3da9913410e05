/// A length of time written in a rule file: `250ms`, `2s`, `5m`, `1h`, `1.5s`.
struct DurationValue: Sendable, Hashable {
    /// The duration in whole milliseconds (fractions of a millisecond are rounded).
    let milliseconds: Int64
    /// The spelling in the source (`800ms`).
    let raw: String
    /// The literal's position.
    let range: SourceRange

    /// The duration units and how many milliseconds each is.
    static let units: [(name: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// Creates a duration.
    init(milliseconds: Int64, raw: String, range: SourceRange) {
        self.milliseconds = milliseconds
        self.raw = raw
        self.range = range
    }

    /// The duration in seconds.
    var seconds: Double { Double(milliseconds) / 1000 }
}
