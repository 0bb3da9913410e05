import Foundation

/// Finds the rules that could apply to a request without looking at the others.
///
/// Each rule is filed under one key taken from the top-level `and`ed tests of its compiled
/// condition, with the operands in the normal form the evaluator compares, in order of
/// preference: exact hosts (`host == "x"`, `host in [...]`, a glob without wildcards),
/// a wildcard host (`host ~ "*.x.com"`, looked up by the request host's label suffixes),
/// the first path segment (`path == "/a/b"`, `path ~ "/a/*"`, `path starts-with "/a/"`),
/// a method set (`method == GET`, `method in [...]`), and otherwise the "any" list.
/// A lookup hashes the request's host once from the right, so it costs the same with
/// ten rules or a hundred thousand, and merges the few candidate lists back into file
/// order. The index only narrows: every candidate's conditions are still evaluated.
package struct RuleIndex: Sendable {
    /// Where a rule is filed.
    enum Key: Sendable, Hashable {
        /// Exact host names, in normal form.
        case hosts([String])
        /// `*.SUFFIX`: hosts that end in `.SUFFIX` (normal form, without the dot).
        case hostSuffix(String)
        /// The first path segment, without slashes.
        case pathSegment(String)
        /// Methods, upper case.
        case methods([String])
        /// Could apply to any request.
        case any
    }

    /// Every candidate list, back to back; the tables hold where each list lies in it, so
    /// a hundred thousand rules cost one array, not a hundred thousand small ones.
    private let postings: [Int32]
    private let exactHosts: HashKeyedTable<ListSpan>
    private let hostSuffixes: HashKeyedTable<ListSpan>
    private let pathSegments: HashKeyedTable<ListSpan>
    private let methods: [String: ListSpan]
    private let anyRules: ListSpan

    /// Where one candidate list lies in ``postings``.
    private struct ListSpan: Sendable {
        let start: Int32
        let count: Int32
    }

    /// Files each rule under the key its compiled condition gives; positions are indexes into `rules`.
    init(rules: [CompiledRule]) {
        self.init(keys: Self.keys(of: rules))
    }

    /// The rules needed for each processor to work out keys: fewer are keyed on the caller's thread.
    static let rulesPerKeyingThread = 8_192

    /// Each rule's key. A key depends on its rule alone, so a long list (a hundred thousand
    /// generated rules) is keyed on all processors, a slice each.
    static func keys(of rules: [CompiledRule]) -> [Key] {
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, rules.count / rulesPerKeyingThread)
        guard threads > 1 else { return rules.map { Key.key(for: $0.condition) } }
        return ParallelSlices.map(threads) { thread in
            rules[(rules.count * thread / threads)..<(rules.count * (thread + 1) / threads)].map { Key.key(for: $0.condition) }
        }.flatMap { $0 }
    }

    /// Files each rule under its key; positions are indexes into `keys`.
    ///
    /// The hashed keys are gathered as (table, hash, position) in file order, and each
    /// (table, hash) is a group numbered when first seen; counting each group's entries
    /// places its list in ``postings``, and a second pass fills the lists in file order. No
    /// list is an array of its own (a hundred thousand small arrays cost more), and nothing
    /// is sorted (a sort of a hundred thousand entries cost more than both passes).
    init(keys: [Key]) {
        var entries: [HashedEntry] = []
        entries.reserveCapacity(keys.count)
        var methods: [String: [Int32]] = [:]
        var anyRules: [Int32] = []
        for (position, key) in keys.enumerated() {
            let slot = Int32(truncatingIfNeeded: position)
            switch key {
            case .hosts(let hosts):
                for host in hosts { entries.append(HashedEntry(table: .exactHosts, hash: HostHash.whole(host), slot: slot)) }
            case .hostSuffix(let suffix):
                entries.append(HashedEntry(table: .hostSuffixes, hash: HostHash.whole(suffix), slot: slot))
            case .pathSegment(let segment):
                entries.append(HashedEntry(table: .pathSegments, hash: HostHash.segment(segment.utf8[...]), slot: slot))
            case .methods(let names):
                for name in Set(names) { methods[name, default: []].append(slot) }
            case .any:
                anyRules.append(slot)
            }
        }
        let (groups, groupOfEntry) = Self.group(entries)

        var postings: [Int32] = []
        postings.reserveCapacity(keys.count)
        func span(_ list: [Int32]) -> ListSpan {
            defer { postings += list }
            return ListSpan(start: Int32(truncatingIfNeeded: postings.count), count: Int32(truncatingIfNeeded: list.count))
        }
        self.anyRules = span(anyRules)
        self.methods = methods.mapValues(span)
        var tables: [[(hash: UInt64, value: ListSpan)]] = Array(repeating: [], count: HashedEntry.Table.allCases.count)
        var next: [Int32] = []
        next.reserveCapacity(groups.count)
        var end = Int32(truncatingIfNeeded: postings.count)
        for group in groups {
            tables[Int(group.table.rawValue)].append((group.hash, ListSpan(start: end, count: group.count)))
            next.append(end)
            end += group.count
        }
        postings += repeatElement(0, count: Int(end) - postings.count)
        for (entry, group) in zip(entries, groupOfEntry) where group >= 0 {
            postings[Int(next[Int(group)])] = entry.slot
            next[Int(group)] += 1
        }
        let empty = ListSpan(start: 0, count: 0)
        self.exactHosts = HashKeyedTable(tables[Int(HashedEntry.Table.exactHosts.rawValue)], filler: empty)
        self.hostSuffixes = HashKeyedTable(tables[Int(HashedEntry.Table.hostSuffixes.rawValue)], filler: empty)
        self.pathSegments = HashKeyedTable(tables[Int(HashedEntry.Table.pathSegments.rawValue)], filler: empty)
        self.postings = postings
    }

    /// One (table, hash) of the entries: how many positions it lists.
    private typealias Group = (table: HashedEntry.Table, hash: UInt64, count: Int32)

    /// The entries' groups in order of first appearance, and each entry's group (-1: a
    /// position its group already lists, as when two hosts of one rule have one hash).
    /// The groups are found through an open-addressing table of twice the entries' count.
    private static func group(_ entries: [HashedEntry]) -> (groups: [Group], groupOfEntry: [Int32]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        var groupAt = [Int32](repeating: -1, count: capacity)
        var groups: [Group] = []
        var lastSlot: [Int32] = []
        var groupOfEntry: [Int32] = []
        groupOfEntry.reserveCapacity(entries.count)
        for entry in entries {
            var probe = Int(truncatingIfNeeded: ((entry.hash ^ UInt64(entry.table.rawValue)) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
            var group = groupAt[probe]
            while group >= 0 && (groups[Int(group)].hash != entry.hash || groups[Int(group)].table != entry.table) {
                probe = (probe &+ 1) & (capacity &- 1)
                group = groupAt[probe]
            }
            if group < 0 {
                group = Int32(truncatingIfNeeded: groups.count)
                groupAt[probe] = group
                groups.append((entry.table, entry.hash, 0))
                lastSlot.append(-1)
            }
            if lastSlot[Int(group)] == entry.slot {
                groupOfEntry.append(-1)
                continue
            }
            lastSlot[Int(group)] = entry.slot
            groups[Int(group)].count += 1
            groupOfEntry.append(group)
        }
        return (groups, groupOfEntry)
    }

    /// A rule filed under a hash in one of the hashed tables, while the index is built.
    private struct HashedEntry {
        enum Table: UInt8, CaseIterable {
            case exactHosts, hostSuffixes, pathSegments
        }

        let table: Table
        let hash: UInt64
        let slot: Int32
    }

    private func list(_ span: ListSpan) -> ArraySlice<Int32> {
        postings[Int(span.start)..<Int(span.start + span.count)]
    }

    /// Calls `body` with each non-empty candidate list (each in file order) until it returns false.
    func forEachCandidateList(for request: HTTPRequest, _ body: (ArraySlice<Int32>) -> Bool) {
        if anyRules.count > 0, !body(list(anyRules)) { return }
        if !methods.isEmpty, let span = methods[ASCIICase.uppercased(request.method)], !body(list(span)) { return }
        if !pathSegments.isEmpty, let span = pathSegments[HostHash.firstSegment(of: request.url.path)], !body(list(span)) {
            return
        }
        if exactHosts.isEmpty && hostSuffixes.isEmpty { return }
        var keepGoing = true
        HostHash.forEachSuffix(of: request.url.normalizedHost) { hash, isWhole in
            if let span = isWhole ? exactHosts[hash] : hostSuffixes[hash] { keepGoing = body(list(span)) }
            return keepGoing
        }
    }

    /// The positions of the rules that could apply, in file order.
    package func candidates(for request: HTTPRequest) -> ArraySlice<Int32> {
        var first: ArraySlice<Int32>?
        var lists: [ArraySlice<Int32>] = []
        forEachCandidateList(for: request) { list in
            if first == nil { first = list } else { lists.append(list) }
            return true
        }
        guard let first else { return [] }
        if lists.isEmpty { return first }
        lists.append(first)
        return Self.merge(lists)[...]
    }

    /// Merges sorted lists with no shared elements into one sorted list.
    static func merge(_ lists: [ArraySlice<Int32>]) -> [Int32] {
        var cursors = [Int](repeating: 0, count: lists.count)
        var merged: [Int32] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        while true {
            var best = -1
            var bestValue = Int32.max
            for (list, cursor) in zip(lists.indices, cursors) where cursor < lists[list].count {
                let value = lists[list][lists[list].startIndex + cursor]
                if best < 0 || value < bestValue {
                    best = list
                    bestValue = value
                }
            }
            guard best >= 0 else { return merged }
            merged.append(bestValue)
            cursors[best] += 1
        }
    }
}
