/// A half-open span of a rule file: from `start` up to, not including, `end`.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// The first position covered.
    public var start: SourceLocation
    /// The position just past the last one covered.
    public var end: SourceLocation

    /// Creates a range; `end` must not come before `start`.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at one position.
    public init(at location: SourceLocation) {
        self.init(start: location, end: location)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// `line:column-line:column`.
    public var description: String { "\(start)-\(end)" }
}
