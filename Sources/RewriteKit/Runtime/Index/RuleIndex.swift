import Foundation

/// Finds the rules that could apply to a request without looking at the others.
///
/// Each rule is filed under one key taken from the top-level `and`ed tests of its compiled
/// condition, with the operands in the normal form the evaluator compares, in order of
/// preference: exact hosts (`host == "x"`, `host in [...]`, a glob without wildcards)
/// together with what the rule pins of the path (the whole path from `path == "/a/b"` or a
/// glob without wildcards, with one `query "q" == "v"` when it has one; else the first
/// segment from `path ~ "/a/*"` or `path starts-with "/a/"`), then the whole path alone, a wildcard host
/// (`host ~ "*.x.com"`, looked up by the request host's label suffixes), the first path
/// segment alone, a method set (`method == GET`, `method in [...]`), and otherwise the "any"
/// list. So a thousand stubs of one host, `GET /users/1` to `GET /users/1000`, are a
/// thousand lists of one rule, and a request meets only its own.
///
/// A lookup hashes the request's host once from the right and its path once, so it costs
/// the same with ten rules or a hundred thousand, and merges the few candidate lists back
/// into file order. The index only narrows: every candidate's conditions are still evaluated.
package struct RuleIndex: Sendable {
    /// Where a rule is filed.
    enum Key: Sendable, Hashable {
        /// Exact host names, in normal form, and what the rule pins of the path, if anything.
        case hosts([String], path: PathKey?)
        /// `*.SUFFIX`: hosts that end in `.SUFFIX` (normal form, without the dot).
        case hostSuffix(String)
        /// What the rule pins of the path, whatever the host.
        case path(PathKey)
        /// Methods, upper case.
        case methods([String])
        /// Could apply to any request.
        case any
    }

    /// What a rule pins of the request's path (and, with a whole path, of its query).
    enum PathKey: Sendable, Hashable {
        /// The whole path, as the evaluator compares it.
        case whole(String)
        /// The whole path and one query parameter's decoded value (`query "q" == "v"`): a
        /// recording's entries of one endpoint, told apart by their queries.
        case wholeWithQuery(String, name: String, value: String)
        /// The first segment, without slashes.
        case firstSegment(String)
    }

    /// Every candidate list, back to back; the tables hold where each list lies in it, so
    /// a hundred thousand rules cost one array, not a hundred thousand small ones.
    private let postings: [Int32]
    /// One table per kind of hashed key (``HashedEntry/Table``), by its raw value.
    private let tables: [HashKeyedTable<ListSpan>]
    /// Which tables hold anything: a lookup skips the hashing the empty ones would need.
    private let hasHostKeys: Bool
    private let hasPathKeys: Bool
    private let hasQueryKeys: Bool
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
            case .hosts(let hosts, let path):
                for host in hosts {
                    let hostHash = HostHash.whole(host)
                    switch path {
                    case nil: entries.append(HashedEntry(table: .exactHosts, hash: hostHash, slot: slot))
                    case .whole(let whole)?:
                        entries.append(HashedEntry(table: .hostPaths, hash: HostHash.combine(hostHash, HostHash.path(whole)), slot: slot))
                    case .wholeWithQuery(let whole, let name, let value)?:
                        let hash = HostHash.combine(HostHash.combine(hostHash, HostHash.path(whole)), HostHash.query(name, value))
                        entries.append(HashedEntry(table: .hostPathQueries, hash: hash, slot: slot))
                    case .firstSegment(let segment)?:
                        let segmentHash = HostHash.segment(segment.utf8[...])
                        entries.append(HashedEntry(table: .hostSegments, hash: HostHash.combine(hostHash, segmentHash), slot: slot))
                    }
                }
            case .hostSuffix(let suffix):
                entries.append(HashedEntry(table: .hostSuffixes, hash: HostHash.whole(suffix), slot: slot))
            case .path(.whole(let whole)):
                entries.append(HashedEntry(table: .wholePaths, hash: HostHash.path(whole), slot: slot))
            case .path(.wholeWithQuery(let whole, let name, let value)):
                let hash = HostHash.combine(HostHash.path(whole), HostHash.query(name, value))
                entries.append(HashedEntry(table: .wholePathQueries, hash: hash, slot: slot))
            case .path(.firstSegment(let segment)):
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
        var filed: [[(hash: UInt64, value: ListSpan)]] = Array(repeating: [], count: HashedEntry.Table.allCases.count)
        var next: [Int32] = []
        next.reserveCapacity(groups.count)
        var end = Int32(truncatingIfNeeded: postings.count)
        for group in groups {
            filed[Int(group.table.rawValue)].append((group.hash, ListSpan(start: end, count: group.count)))
            next.append(end)
            end += group.count
        }
        postings += repeatElement(0, count: Int(end) - postings.count)
        for (entry, group) in zip(entries, groupOfEntry) where group >= 0 {
            postings[Int(next[Int(group)])] = entry.slot
            next[Int(group)] += 1
        }
        let empty = ListSpan(start: 0, count: 0)
        let tables = filed.map { HashKeyedTable($0, filler: empty) }
        self.tables = tables
        hasHostKeys = HashedEntry.Table.allCases.contains { $0.readsHost && !tables[Int($0.rawValue)].isEmpty }
        hasPathKeys = HashedEntry.Table.allCases.contains { $0.readsPath && !tables[Int($0.rawValue)].isEmpty }
        hasQueryKeys = HashedEntry.Table.allCases.contains { $0.readsQuery && !tables[Int($0.rawValue)].isEmpty }
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
            case exactHosts, hostPaths, hostPathQueries, hostSegments, hostSuffixes, wholePaths, wholePathQueries, pathSegments

            var readsHost: Bool { self != .wholePaths && self != .wholePathQueries && self != .pathSegments }
            var readsPath: Bool { self != .exactHosts && self != .hostSuffixes }
            var readsQuery: Bool { self == .hostPathQueries || self == .wholePathQueries }
        }

        let table: Table
        let hash: UInt64
        let slot: Int32
    }

    private func list(_ span: ListSpan) -> ArraySlice<Int32> {
        postings[Int(span.start)..<Int(span.start + span.count)]
    }

    private subscript(table: HashedEntry.Table, hash: UInt64) -> ListSpan? {
        tables[Int(table.rawValue)][hash]
    }

    /// Calls `body` with each non-empty candidate list (each in file order) until it returns false.
    func forEachCandidateList(for request: HTTPRequest, _ body: (ArraySlice<Int32>) -> Bool) {
        if anyRules.count > 0, !body(list(anyRules)) { return }
        if !methods.isEmpty, let span = methods[ASCIICase.uppercased(request.method)], !body(list(span)) { return }
        var pathHash: UInt64 = 0
        var segmentHash: UInt64 = 0
        // Each distinct decoded query parameter's hash, only when a rule pins one.
        var queryHashes: [UInt64] = []
        if hasPathKeys {
            let path = request.url.path
            pathHash = HostHash.path(path)
            segmentHash = HostHash.firstSegment(of: path)
            if let span = self[.wholePaths, pathHash], !body(list(span)) { return }
            if let span = self[.pathSegments, segmentHash], !body(list(span)) { return }
            if hasQueryKeys {
                // A parameter given twice is one key: each list is visited once.
                for item in request.url.queryItems {
                    let hash = HostHash.query(item.name, item.value)
                    if !queryHashes.contains(hash) { queryHashes.append(hash) }
                }
                for query in queryHashes {
                    if let span = self[.wholePathQueries, HostHash.combine(pathHash, query)], !body(list(span)) { return }
                }
            }
        }
        guard hasHostKeys else { return }
        var keepGoing = true
        HostHash.forEachSuffix(of: request.url.normalizedHost) { hash, isWhole in
            guard isWhole else {
                if let span = self[.hostSuffixes, hash] { keepGoing = body(list(span)) }
                return keepGoing
            }
            if let span = self[.exactHosts, hash] { keepGoing = body(list(span)) }
            guard keepGoing, hasPathKeys else { return keepGoing }
            let hostPath = HostHash.combine(hash, pathHash)
            if let span = self[.hostPaths, hostPath] { keepGoing = body(list(span)) }
            if keepGoing, let span = self[.hostSegments, HostHash.combine(hash, segmentHash)] { keepGoing = body(list(span)) }
            for query in queryHashes where keepGoing {
                if let span = self[.hostPathQueries, HostHash.combine(hostPath, query)] { keepGoing = body(list(span)) }
            }
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
