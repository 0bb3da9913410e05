import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of one call (`data(for:delegate:)`, `upload(for:from:delegate:)` …) on
/// swift-corelibs-foundation, called as corelibs' own HTTP protocol calls it for a plain
/// load: each chunk of data and upload progress, on the session's delegate queue. (Its
/// response reaches it through the client, which corelibs does for any protocol.)
struct PerCallDelegate: @unchecked Sendable {
    let session: URLSession
    let task: URLSessionTask
    let delegate: URLSessionTaskDelegate

    /// A chunk of the body, for a data delegate of a data task.
    func didReceive(_ data: Data) {
        guard let delegate = delegate as? URLSessionDataDelegate, let dataTask = task as? URLSessionDataTask else { return }
        let session = session
        let call = UncheckedBox((delegate, dataTask))
        session.delegateQueue.addOperation {
            call.value.0.urlSession(session, dataTask: call.value.1, didReceive: data)
        }
    }

    /// Upload progress.
    func didSendBodyData(_ sent: Int64, total: Int64, expected: Int64) {
        let call = UncheckedBox((session, task, delegate))
        session.delegateQueue.addOperation {
            let (session, task, delegate) = call.value
            delegate.urlSession(session, task: task, didSendBodyData: sent, totalBytesSent: total, totalBytesExpectedToSend: expected)
        }
    }
}

extension LoadingTask {
    /// The delegate of one call, with what calling it needs; nil when the task has none.
    var perCall: PerCallDelegate? {
        guard let session, let task, let perCallDelegate else { return nil }
        return PerCallDelegate(session: session, task: task, delegate: perCallDelegate)
    }

    /// Who hears upload progress: the delegate of one call, or a session delegate that
    /// hears the task's chunks (corelibs).
    var progressDelegate: PerCallDelegate? {
        if let perCall { return perCall }
        guard receivesChunks, let session, let task, let delegate else { return nil }
        return PerCallDelegate(session: session, task: task, delegate: delegate)
    }
}
