/// What the pipeline did to one request and its response, step by step: which rules
/// applied, which actions ran in which phase, what each changed, and why any was skipped.
public struct Trace: Sendable, Hashable, CustomStringConvertible {
    /// The entries in the order they happened.
    public private(set) var entries: [TraceEntry]

    /// Creates a trace, empty by default.
    package init(entries: [TraceEntry] = []) {
        self.entries = entries
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { entries.isEmpty }

    /// The `log` and `tag` entries, in order: what the app's observers are told.
    public var logAndTagEntries: [TraceEntry] {
        entries.filter(\.isLogOrTag)
    }

    /// Appends an entry.
    package mutating func append(_ entry: consuming TraceEntry) {
        // A rule that applies writes a few entries: one allocation, not one per entry.
        if entries.isEmpty { entries.reserveCapacity(4) }
        entries.append(entry)
    }

    /// Appends another trace's entries.
    mutating func append(contentsOf other: Trace) {
        entries.append(contentsOf: other.entries)
    }

    /// One entry per line.
    public var description: String {
        entries.map(\.description).joined(separator: "\n")
    }
}
