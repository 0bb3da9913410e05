/// A closed numeric range `LOW..HIGH`, e.g. `500..599`.
public struct NumericRange: Sendable, Hashable {
    /// The lower bound.
    public let low: Double
    /// The upper bound (included).
    public let high: Double
    /// The lower bound's position.
    public let lowRange: SourceRange
    /// The upper bound's position.
    public let highRange: SourceRange

    /// Creates a range.
    public init(low: Double, high: Double, lowRange: SourceRange, highRange: SourceRange) {
        self.low = low
        self.high = high
        self.lowRange = lowRange
        self.highRange = highRange
    }
}
