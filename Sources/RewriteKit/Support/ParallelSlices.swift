import Foundation

/// Work split into slices that run at once, one per thread, with the results kept in slice
/// order: how a large rule file is compiled in parts and a long rule list is keyed.
enum ParallelSlices {
    /// `body(0)` … `body(count - 1)`, each on a thread of its own, in that order.
    static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let results = Locked([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { slice in
            let result = body(slice)
            results.withLock { $0[slice] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
