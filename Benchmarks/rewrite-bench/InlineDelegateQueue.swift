#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// A delegate queue that runs each operation at once, on the thread that adds it: on
/// corelibs, URLSession adds delegate calls from its own serial work queue, so they run
/// there (as the interceptor's inner sessions do).
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
