import Foundation

/// SHA-256 (FIPS 180-4) in plain Swift, for comparing bodies by digest in tests.
///
/// CryptoKit is not available on Linux, so the package carries this small implementation.
/// Use `hex(_:)` for whole buffers, or `update(_:)` and
/// ``finalize()`` to hash a large body chunk by chunk.
package struct TestSHA256: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// Creates an empty hash state.
    package init() {}

    /// The lower-case hex SHA-256 digest of `bytes`.
    package static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    /// The lower-case hex SHA-256 digest of `data`.
    package static func hex(_ data: Data) -> String {
        data.withUnsafeBytes { hex($0) }
    }

    /// The lower-case hex SHA-256 digest of the UTF-8 bytes of `text`.
    package static func hex(_ text: String) -> String {
        hex(Array(text.utf8))
    }

    /// The lower-case hex SHA-256 digest of the bytes in `buffer`.
    package static func hex(_ buffer: UnsafeRawBufferPointer) -> String {
        var hasher = TestSHA256()
        hasher.update(buffer)
        return hasher.finalizeHex()
    }

    /// Adds `bytes` to the hash.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes of `data` to the hash.
    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes in `buffer` to the hash.
    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        totalBytes &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress(blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (buffer.count - offset) / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + whole]))
            offset += whole
        }
        pending.append(contentsOf: buffer[offset...])
    }

    /// The 32-byte digest of everything added so far.
    package func finalize() -> [UInt8] {
        var copy = self
        let bitLength = totalBytes &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (55 - pending.count % 64 + 64) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
        let total = copy.totalBytes
        copy.update(tail)
        copy.totalBytes = total
        let words = [copy.state.0, copy.state.1, copy.state.2, copy.state.3,
                     copy.state.4, copy.state.5, copy.state.6, copy.state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// The lower-case hex form of ``finalize()``.
    package func finalizeHex() -> String {
        finalize().map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    /// Processes whole 64-byte blocks. Written with raw pointers and `while` loops (and
    /// `@_optimize(speed)`) so hashing stays fast in the unoptimized builds tests run in.
    @_optimize(speed)
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        guard let base = blocks.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = blocks.count
        var hash = state
        Self.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                guard let k = constants.baseAddress, let w = schedule.baseAddress else { return }
                var start = 0
                while start + 64 <= count {
                    var index = 0
                    while index < 16 {
                        let byte = base + start + index &* 4
                        w[index] = UInt32(byte[0]) << 24 | UInt32(byte[1]) << 16 | UInt32(byte[2]) << 8 | UInt32(byte[3])
                        index &+= 1
                    }
                    while index < 64 {
                        let x = w[index &- 15], y = w[index &- 2]
                        let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
                        let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
                        w[index] = w[index &- 16] &+ s0 &+ w[index &- 7] &+ s1
                        index &+= 1
                    }
                    var (a, b, c, d, e, f, g, h) = hash
                    index = 0
                    while index < 64 {
                        let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[index] &+ w[index]
                        let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                        index &+= 1
                    }
                    hash = (hash.0 &+ a, hash.1 &+ b, hash.2 &+ c, hash.3 &+ d,
                            hash.4 &+ e, hash.5 &+ f, hash.6 &+ g, hash.7 &+ h)
                    start &+= 64
                }
            }
        }
        state = hash
    }
}
