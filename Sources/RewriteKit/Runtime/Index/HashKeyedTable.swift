/// A read-only table from 64-bit hashes the caller has already computed (``HostHash``'s) to
/// values: open addressing with linear probing over a power-of-two array.
///
/// A `Dictionary` keyed by the hash would hash it again through `Hasher` (SipHash, about a
/// hundred instructions) on every look-up; the rule index looks up one to four hashes per
/// request. Here a look-up is a multiply, a shift and usually one comparison. The table is
/// at most three-quarters full, as a `Dictionary` is, and keeps 16 bytes a slot for an
/// 8-byte value, as a `Dictionary` does.
struct HashKeyedTable<Value: Sendable>: Sendable {
    /// Each slot's hash and value, side by side so that a look-up reads one cache line: a
    /// hash of 0 marks an empty slot, whose value is `filler` (a value whose hash is 0 is
    /// kept apart).
    private let slots: [(hash: UInt64, value: Value)]
    /// The value filed under the hash 0, if any.
    private let zeroValue: Value?
    /// `64 - log2(slot count)`: a slot is the top bits of the mixed hash.
    private let shift: UInt64
    /// How many values the table holds.
    let count: Int

    /// A table holding `entries`, whose hashes are distinct; `filler` fills the empty slots.
    init(_ entries: [(hash: UInt64, value: Value)], filler: Value) {
        var capacity = 8
        while capacity * 3 < entries.count * 4 { capacity *= 2 }
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        var slots = [(hash: UInt64, value: Value)](repeating: (0, filler), count: capacity)
        var zeroValue: Value?
        for (hash, value) in entries {
            guard hash != 0 else {
                zeroValue = value
                continue
            }
            var slot = Self.slot(of: hash, shift: shift)
            while slots[slot].hash != 0 && slots[slot].hash != hash { slot = (slot &+ 1) & (capacity &- 1) }
            slots[slot] = (hash, value)
        }
        self.slots = slots
        self.zeroValue = zeroValue
        self.shift = shift
        self.count = entries.count
    }

    /// Whether the table holds nothing.
    var isEmpty: Bool { count == 0 }

    /// The value filed under `hash`, if any.
    @inline(__always)
    subscript(hash: UInt64) -> Value? {
        guard hash != 0 else { return zeroValue }
        let mask = slots.count &- 1
        var slot = Self.slot(of: hash, shift: shift)
        while true {
            let key = slots[slot].hash
            if key == hash { return slots[slot].value }
            if key == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Fibonacci hashing: the top bits of the hash times 2^64 / φ, so that hashes that
    /// differ only in their low bits still land far apart.
    @inline(__always)
    private static func slot(of hash: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }
}
