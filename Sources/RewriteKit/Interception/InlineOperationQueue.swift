#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// The inner sessions' delegate queue on swift-corelibs-foundation: it runs each
/// operation at once, on the thread that adds it.
///
/// corelibs adds delegate operations from its URLSession work queues, which all target
/// one process-wide serial queue (corelibs 6.0 and later: `target: Self.sharedQueue`).
/// Run there, an inner task's events reach the exchange, and the exchange calls the app's
/// client, in the same turn as the transfer that produced them — exactly where corelibs'
/// own HTTP protocol calls its client — and never at the same time as the app task's
/// `startLoading` or `stopLoading`, which run on that queue's hierarchy too. (A queued
/// delegate queue would fall behind a fast transfer, holding its chunks in memory.)
/// Package API: the benchmark's naive pass-through uses it to call its client there too.
package final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override package func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override package func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
