/// Where containers of a validated JSON text end, by where they start: what
/// ``JSONValidator`` notes so that ``JSONLocator`` steps over a large container without
/// scanning it again.
///
/// A sorted list rather than a dictionary: validation notes a handful of containers in a
/// small text (the root's members), and an empty dictionary's first insertion cost more
/// than validating a 1 KB body's strings.
struct JSONContainerEnds: Sendable {
    /// Start and end (one past the closing bracket) of each noted container, by start
    /// once ``finish()`` ran.
    private var spans: [(start: Int, end: Int)] = []
    /// Whether `spans` is in start order (containers close inner first, so a large
    /// container that holds another is noted after it).
    private var isSorted = true

    /// No containers noted.
    static let none = JSONContainerEnds()

    /// Whether nothing was noted.
    var isEmpty: Bool { spans.isEmpty }

    /// Notes a container that opens at `start` and ends just before `end`.
    mutating func note(start: Int, end: Int) {
        if spans.isEmpty {
            spans.reserveCapacity(4)
        } else if let last = spans.last, start < last.start {
            isSorted = false
        }
        spans.append((start, end))
    }

    /// Adds the notes of `other` (a part of the same text), in the order they were made.
    mutating func append(_ other: JSONContainerEnds) {
        for span in other.spans { note(start: span.start, end: span.end) }
    }

    /// Puts the notes in start order, once validation is over.
    mutating func finish() {
        if !isSorted {
            spans.sort { $0.start < $1.start }
            isSorted = true
        }
    }

    /// The end of the container that opens at `start`, if it was noted.
    func end(ofContainerAt start: Int) -> Int? {
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low &+ high) &>> 1
            let span = spans[middle]
            if span.start == start { return span.end }
            if span.start < start { low = middle &+ 1 } else { high = middle }
        }
        return nil
    }
}

extension JSONContainerEnds: Equatable {
    /// The same notes in the same order.
    static func == (lhs: JSONContainerEnds, rhs: JSONContainerEnds) -> Bool {
        lhs.spans.count == rhs.spans.count && zip(lhs.spans, rhs.spans).allSatisfy { $0 == $1 }
    }
}
