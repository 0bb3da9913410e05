/// Allocation-free hashes for the rule index: host names hashed from the right, so that
/// one pass over a request's host yields the hash of every label suffix, and path segments.
enum HostHash {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of a whole host name, ignoring ASCII case.
    static func whole(_ host: String) -> UInt64 {
        var result = offsetBasis
        forEachSuffix(of: host) { hash, isWhole in
            if isWhole { result = hash }
            return true
        }
        return result
    }

    /// Calls `body` with the hash of every suffix of `host` that follows a dot, shortest
    /// first (`c`, then `b.c` for `a.b.c`), then with the hash of the whole host
    /// (`isWhole`), until `body` returns false.
    static func forEachSuffix(of host: String, _ body: (UInt64, _ isWhole: Bool) -> Bool) {
        // Over the UTF-8 bytes in place (a small string's on the stack), from the last:
        // stepping the view's indexes backwards costs several times more.
        var host = host
        host.withUTF8 { bytes in
            var hash = offsetBasis
            var index = bytes.count
            while index > 0 {
                index &-= 1
                let byte = bytes[index]
                if byte == UInt8(ascii: "."), !body(hash, false) { return }
                let folded = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
                hash = (hash ^ UInt64(folded)) &* prime
            }
            _ = body(hash, true)
        }
    }

    /// The hash of a path segment (case-sensitive).
    static func segment(_ bytes: Substring.UTF8View) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash of a whole path (case-sensitive), as ``segment(_:)`` hashes its bytes.
    static func path(_ path: String) -> UInt64 {
        path.utf8.withContiguousStorageIfAvailable { bytes in
            var hash = offsetBasis
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
            return hash
        } ?? segment(path[...].utf8)
    }

    /// The hash of a decoded query parameter, its name and its value.
    static func query(_ name: String, _ value: String) -> UInt64 {
        combine(path(name), path(value))
    }

    /// One hash of a host's and a path's (or a path segment's): the rule index files a rule
    /// that pins both under it.
    static func combine(_ host: UInt64, _ path: UInt64) -> UInt64 {
        let mixed = (host &* 0x9E37_79B9_7F4A_7C15) ^ (path &+ 0x632B_E59B_D9B4_E019)
        return mixed ^ (mixed &>> 29)
    }

    /// The hash of the first segment of a path: `a` for `/a/b`, `` for `/` and ``.
    static func firstSegment(of path: String) -> UInt64 {
        // Over the contiguous UTF-8 of a native string, without the view's iterator.
        path.utf8.withContiguousStorageIfAvailable { firstSegment(of: $0) } ?? firstSegment(of: path.utf8)
    }

    private static func firstSegment(of path: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        var started = false
        for byte in path {
            if byte == UInt8(ascii: "/") {
                if started { break }
                started = true
                continue
            }
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }
}
