/// A closed numeric range `LOW..HIGH`, e.g. `500..599`.
struct NumericRange: Sendable, Hashable {
    /// The lower bound.
    let low: Double
    /// The upper bound (included).
    let high: Double
    /// The lower bound's position.
    let lowRange: SourceRange
    /// The upper bound's position.
    let highRange: SourceRange

    /// Creates a range.
    init(low: Double, high: Double, lowRange: SourceRange, highRange: SourceRange) {
        self.low = low
        self.high = high
        self.lowRange = lowRange
        self.highRange = highRange
    }
}
