import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// A streaming data delegate that counts and drops every chunk, notes when the first one
/// came, and signals when the task ends.
final class CountingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let finished = DispatchSemaphore(value: 0)
    /// Signalled at the first chunk.
    let firstChunk = DispatchSemaphore(value: 0)
    private let state = Locked((bytes: 0, chunks: 0, firstAt: UInt64?.none, error: String?.none))

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let first = state.withLock { state -> Bool in
            state.bytes += data.count
            state.chunks += 1
            guard state.firstAt == nil else { return false }
            state.firstAt = Stopwatch.now()
            return true
        }
        if first { firstChunk.signal() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let description = error.map { "\($0)" }
        state.withLock { $0.error = description }
        finished.signal()
    }

    /// What arrived, when the first chunk did (`Stopwatch.now()` time), and the error.
    func result() -> (bytes: Int, chunks: Int, firstAt: UInt64?, error: String?) {
        state.withLock { $0 }
    }
}
