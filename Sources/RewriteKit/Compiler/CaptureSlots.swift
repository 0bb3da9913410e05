/// How a rule's regexes number their groups: `${0}` is the whole match of the rule's first
/// regex, then the groups of each regex follow on in source order (`when` conditions
/// first; each `response when` guard numbers its own groups on from there).
struct CaptureSlots {
    /// Slots used so far: 0 before the first regex, then 1 (`${0}`) plus every group.
    private(set) var count = 0
    /// The groups `${n}` may name so far, or `nil` when a regex was invalid (then any
    /// number is let through: the regex's own error is what the user needs to see).
    private(set) var groups: Int? = 0
    /// The slots filled from regexes on parts of the URL: their text is URL text.
    private(set) var urlSlots: Set<Int> = []

    /// Takes the slots of a regex with `captureCount` groups: the slot of its first group,
    /// and whether its whole match goes to slot 0 (it is the rule's first regex).
    mutating func take(_ captureCount: Int, fromURL: Bool) -> (firstSlot: Int, storesWholeMatch: Bool) {
        let isFirst = count == 0
        if isFirst {
            count = 1
            if fromURL { urlSlots.insert(0) }
        }
        let first = count
        count += captureCount
        if fromURL { urlSlots.formUnion(first..<count) }
        groups = groups.map { $0 + captureCount }
        return (first, isFirst)
    }

    /// Records a regex that did not compile: its groups are unknown.
    mutating func takeInvalid() {
        groups = nil
    }
}
