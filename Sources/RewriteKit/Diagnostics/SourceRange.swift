/// A half-open span of a rule file: from `start` up to, not including, `end`.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    /// The first position covered.
    public let start: SourceLocation
    /// The position just past the last one covered.
    public let end: SourceLocation

    /// Creates a range; `end` must not come before `start`.
    package init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at one position.
    package init(at location: SourceLocation) {
        self.init(start: location, end: location)
    }

    /// The smallest range covering both.
    func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    /// `line:column-line:column`.
    public var description: String { "\(start)-\(end)" }
}
