import RewriteTestSupport
import Testing

@testable import RewriteKit

/// The rule index's hash table answers as a `Dictionary` of the same entries does.
struct HashKeyedTableTests {
    @Test(arguments: [0, 1, 5, 6, 7, 100, 4_097])
    func answersAsADictionary(count: Int) {
        var random = SeededGenerator(seed: UInt64(count) &+ 0x7461_626C)
        var entries: [UInt64: Int] = [:]
        // Random hashes, the hash 0, and hashes that differ only in their low bits (which
        // land in neighbouring slots, so probing runs past occupied ones).
        while entries.count < count {
            let base = random.next() & ~0xFF
            entries[entries.count == 4 ? 0 : base | UInt64(entries.count % 3)] = entries.count
        }
        let table = HashKeyedTable(entries.map { (hash: $0.key, value: $0.value) }, filler: -1)
        #expect(table.count == entries.count)
        #expect(table.isEmpty == entries.isEmpty)
        for (hash, value) in entries {
            #expect(table[hash] == value)
        }
        for _ in 0..<1_000 {
            let probe = random.next()
            #expect(table[probe] == entries[probe])
        }
        for (hash, _) in entries.prefix(50) {
            #expect(table[hash ^ 1] == entries[hash ^ 1])
        }
    }
}
