#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A monotonic clock read in nanoseconds: cheap enough (≈20 ns) to time one call.
enum Stopwatch {
    /// Nanoseconds since an arbitrary fixed point.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Runs `body` and returns how long it took, in nanoseconds.
    @inline(__always)
    static func time(_ body: () throws -> Void) rethrows -> UInt64 {
        let start = now()
        try body()
        return now() &- start
    }

    /// CPU time the whole process has used (every thread), in nanoseconds.
    static func processCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
