import Foundation
import RewriteKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session data delegate that calls back on each delivery and reports how the task
/// ended, for tests that cancel a stream while it flows.
final class CompletionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// The `URLError` code the task ended with (nil: none, or another error).
    let completion = OneShot<Int?>()
    private let onData: @Sendable () -> Void

    init(onData: @escaping @Sendable () -> Void) {
        self.onData = onData
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        onData()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        completion.send((error as? URLError)?.code.rawValue)
    }
}
