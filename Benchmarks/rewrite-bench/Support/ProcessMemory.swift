import Foundation
import RewriteKit
#if canImport(Glibc)
import Glibc
#endif

/// The process's resident memory, read from /proc/self/status.
enum ProcessMemory {
    /// Current resident set size in bytes (VmRSS).
    static func residentBytes() -> Int? {
        field("VmRSS", in: "/proc/self/status")
    }

    /// Peak resident set size in bytes since start or the last ``resetPeak()`` (VmHWM).
    static func peakResidentBytes() -> Int? {
        field("VmHWM", in: "/proc/self/status")
    }

    /// Resets VmHWM to the current RSS (Linux ≥ 4.0); false when the kernel refuses.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// Returns freed heap memory to the system, so one measurement does not start with
    /// pages another one left behind.
    static func trimHeap() {
        #if canImport(Glibc)
        // glibc's malloc_trim is not in the Glibc module map; look it up at run time.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// A `Name:   1234 kB` field of a /proc file, in bytes.
    static func field(_ name: String, in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// Samples VmRSS on a background thread and remembers the largest value seen.
final class PeakMemorySampler: Sendable {
    private let state = Locked((peak: ProcessMemory.residentBytes() ?? 0, running: true))
    private let done = DispatchSemaphore(value: 0)

    /// Starts sampling every `interval` seconds.
    init(interval: Double = 0.005) {
        let thread = Thread { [state, done] in
            while state.withLock({ $0.running }) {
                if let rss = ProcessMemory.residentBytes() {
                    state.withLock { $0.peak = max($0.peak, rss) }
                }
                Thread.sleep(forTimeInterval: interval)
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops sampling and returns the largest RSS seen, in bytes.
    func stop() -> Int {
        state.withLock { $0.running = false }
        done.wait()
        if let rss = ProcessMemory.residentBytes() { state.withLock { $0.peak = max($0.peak, rss) } }
        return state.withLock { $0.peak }
    }
}
