import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The inner URLSession an installation forwards through, and its delegate,
/// which routes each inner task's events to the exchange that started it.
///
/// Delegate callbacks run on the installation's serial queue, the same queue
/// exchanges run on, so an exchange's state needs no further locking.
final class ForwardingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let configuration: URLSessionConfiguration
    private let delegateQueue: OperationQueue
    /// The live inner session, made on first use. Touched only on the installation's queue.
    private var session: URLSession?
    /// Set by `invalidate()`: a session made after it is released once its tasks finish.
    private var isInvalidated = false
    /// Inner task identifier → exchange. Touched only on the installation's queue.
    private var exchanges: [Int: Exchange] = [:]

    init(configuration: URLSessionConfiguration, queue: DispatchQueue) {
        self.configuration = configuration
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = queue
        super.init()
    }

    /// Creates and resumes an inner task for an exchange; call on the installation's queue.
    ///
    /// A request that raced an uninstall still gets a session: it is made anew
    /// and released as soon as its tasks finish.
    func start(_ request: URLRequest, for exchange: Exchange) -> URLSessionDataTask {
        let session = self.session ?? URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
        let task = session.dataTask(with: request)
        exchanges[task.taskIdentifier] = exchange
        task.resume()
        if isInvalidated {
            session.finishTasksAndInvalidate()
            self.session = nil
        } else {
            self.session = session
        }
        return task
    }

    /// Lets running tasks finish, then releases the session (and this delegate); call on the installation's queue.
    func invalidate() {
        isInvalidated = true
        session?.finishTasksAndInvalidate()
        session = nil
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        exchanges[dataTask.taskIdentifier]?.innerDidReceive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchanges[dataTask.taskIdentifier]?.innerDidReceive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        exchanges.removeValue(forKey: task.taskIdentifier)?.innerDidComplete(error)
    }

}
