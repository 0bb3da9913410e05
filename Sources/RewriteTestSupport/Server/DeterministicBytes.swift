/// Reproducible pseudo-random bytes: the byte at offset `i` depends only on the seed and `i`,
/// so any slice can be generated on its own (for streaming without holding the whole body).
///
/// Each 8-byte word `j` is the SplitMix64 output for `seed + j × golden ratio`, little-endian.
enum DeterministicBytes {
    /// `count` bytes starting at `offset` of the stream for `seed`.
    ///
    /// Raw pointers, `while` loops and `@_optimize(speed)` keep this fast in debug builds
    /// (a 100 MB `/stream-bytes` download is generated on the fly).
    @_optimize(speed)
    static func slice(seed: UInt64, offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
            var position = 0
            var word = UInt64(offset / 8)
            var skip = offset % 8
            while position < count {
                var value = mix(seed &+ word &* 0x9E37_79B9_7F4A_7C15)
                if skip == 0 && count - position >= 8 {
                    base.storeBytes(of: value.littleEndian, toByteOffset: position, as: UInt64.self)
                    position &+= 8
                } else {
                    value >>= UInt64(8 * skip)
                    let take = min(8 - skip, count - position)
                    var index = 0
                    while index < take {
                        base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: position + index, as: UInt8.self)
                        value >>= 8
                        index &+= 1
                    }
                    position &+= take
                    skip = 0
                }
                word &+= 1
            }
            initialized = count
        }
    }

    @_optimize(speed)
    private static func mix(_ input: UInt64) -> UInt64 {
        var z = input &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
