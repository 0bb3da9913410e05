/// One contiguous replacement in a byte buffer: the bytes in `range` become `replacement`.
struct JSONSplice: Sendable, Equatable {
    /// The bytes of the original that are replaced (empty for a pure insertion).
    var range: Range<Int>
    /// The bytes put in their place (empty for a pure deletion).
    var replacement: [UInt8]

    /// Creates a splice.
    init(range: Range<Int>, replacement: [UInt8] = []) {
        self.range = range
        self.replacement = replacement
    }

    /// `bytes` with the splice applied, built with a single allocation.
    func applied(to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count &- range.count &+ replacement.count)
        bytes.withUnsafeBufferPointer { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<range.lowerBound]))
            out.append(contentsOf: replacement)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range.upperBound...]))
        }
        return out
    }
}
