import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The questions an exchange puts to the app's task delegate itself, on the session's
/// delegate queue, with the app's own session and task, and whose answers come back in the
/// exchange's context: a streamed upload's body everywhere, and on corelibs (whose client
/// cannot carry them) a redirect and an authentication challenge.
struct AppDelegateCalls: @unchecked Sendable {
    let loading: LoadingTask
    let context: ExchangeContext

    /// The app's session, task and delegate, when the task has a delegate to ask.
    private var asked: (session: URLSession, task: URLSessionTask, delegate: URLSessionTaskDelegate)? {
        guard let session = loading.session, let task = loading.task, let delegate = loading.delegate else { return nil }
        return (session, task, delegate)
    }

    /// Asks for a streamed upload's body, as URLSession does (without a delegate there is
    /// no stream to give: no body). `use` runs in the context.
    func bodyStream(_ use: @escaping @Sendable (InputStream?) -> Void) {
        let answer: @Sendable (InputStream?) -> Void = { [context] stream in
            let box = UncheckedBox(stream)
            context.async { use(box.value) }
        }
        guard let asked else { return answer(nil) }
        let call = UncheckedBox(asked)
        asked.session.delegateQueue.addOperation {
            let (session, task, delegate) = call.value
            delegate.urlSession(session, task: task, needNewBodyStream: answer)
        }
    }

    #if canImport(FoundationNetworking)
    /// Asks whether to follow a redirect; without a delegate it is followed, as URLSession
    /// does. `decide` runs in the context with the request to send, or nil to refuse.
    func redirect(_ response: HTTPURLResponse, to next: URLRequest, decide: @escaping @Sendable (URLRequest?) -> Void) {
        let answer: @Sendable (URLRequest?) -> Void = { [context] decision in
            context.async { decide(decision) }
        }
        guard let asked else { return answer(next) }
        let call = UncheckedBox((asked, response))
        asked.session.delegateQueue.addOperation {
            let ((session, task, delegate), response) = call.value
            delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: next, completionHandler: answer)
        }
    }

    /// Asks how to answer an authentication challenge; without a delegate, default
    /// handling. `decide` runs in the context.
    func challenge(_ challenge: URLAuthenticationChallenge, decide: @escaping @Sendable (ChallengeAnswer) -> Void) {
        let answer: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = { [context] disposition, credential in
            let answer = ChallengeAnswer(disposition, credential)
            context.async { decide(answer) }
        }
        guard let asked else { return answer(.performDefaultHandling, nil) }
        let call = UncheckedBox((asked, challenge))
        asked.session.delegateQueue.addOperation {
            let ((session, task, delegate), challenge) = call.value
            delegate.urlSession(session, task: task, didReceive: challenge, completionHandler: answer)
        }
    }
    #endif
}
