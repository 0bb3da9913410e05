import Foundation
import RewriteKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the app's delegate answers redirects and authentication challenges in a case.
struct DelegateScript: Sendable, CustomStringConvertible {
    /// The answer to `willPerformHTTPRedirection`.
    enum Redirect: Sendable {
        /// Follow the proposed request.
        case follow
        /// Refuse: the 3xx becomes the final response.
        case refuse
        /// Go to this path on the same server instead.
        case change(to: String)
    }

    /// The answer to an authentication challenge.
    enum Challenge: Sendable {
        /// `.useCredential` with this user and password the first time, then
        /// `.cancelAuthenticationChallenge` (as an app that checks `previousFailureCount`).
        case credential(user: String, password: String)
        /// `.performDefaultHandling`.
        case defaultHandling
        /// `.rejectProtectionSpace`.
        case reject
        /// `.cancelAuthenticationChallenge`.
        case cancel
    }

    var redirect: Redirect = .follow
    var challenge: Challenge = .defaultHandling

    var description: String {
        let redirect = switch self.redirect {
        case .follow: "follow"
        case .refuse: "refuse"
        case .change(let path): "change to \(path)"
        }
        let challenge = switch self.challenge {
        case .credential(let user, let password): "credential \(user):\(password)"
        case .defaultHandling: "default handling"
        case .reject: "reject"
        case .cancel: "cancel"
        }
        return "delegate (redirect: \(redirect), challenge: \(challenge))"
    }
}

/// A session delegate that answers as its script says and records every callback.
final class ObservingDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private struct State {
        var observation = AppObservation()
        var body = Data()
        var downloaded: Data?
        var onComplete: (@Sendable (AppObservation, Data, URLResponse?, Error?) -> Void)?
    }

    private let script: DelegateScript
    private let baseURL: URL
    private let streamBody: Data
    private let state = Locked(State())

    init(script: DelegateScript, baseURL: URL, streamBody: Data = Data()) {
        self.script = script
        self.baseURL = baseURL
        self.streamBody = streamBody
    }

    /// Called once, when the task completes.
    func whenComplete(_ handler: @escaping @Sendable (AppObservation, Data, URLResponse?, Error?) -> Void) {
        state.withLock { $0.onComplete = handler }
    }

    /// The callbacks so far.
    var callbacks: [AppObservation.Callback] { state.withLock { $0.observation.callbacks } }

    private func record(_ callback: AppObservation.Callback) {
        state.withLock { $0.observation.append(callback) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = request.url.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } ?? "?"
        record(.redirect(status: response.statusCode, to: target, method: request.httpMethod ?? "GET", body: request.httpBody?.count ?? 0))
        switch script.redirect {
        case .follow:
            completionHandler(request)
        case .refuse:
            completionHandler(nil)
        case .change(let path):
            var changed = request
            changed.url = URL(string: baseURL.absoluteString + path)
            completionHandler(changed)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        record(.challenge(method: challenge.protectionSpace.authenticationMethod, failures: challenge.previousFailureCount))
        switch script.challenge {
        case .credential(let user, let password) where challenge.previousFailureCount == 0:
            completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .none))
        case .credential:
            completionHandler(.cancelAuthenticationChallenge, nil)
        case .defaultHandling:
            completionHandler(.performDefaultHandling, nil)
        case .reject:
            completionHandler(.rejectProtectionSpace, nil)
        case .cancel:
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        record(.neededBodyStream)
        completionHandler(InputStream(data: streamBody))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        record(.sentBody(total: totalBytesSent))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        record(.response(status: (response as? HTTPURLResponse)?.statusCode ?? -1))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.observation.append(.data(bytes: data.count))
            state.body.append(data)
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let data = DownloadedFile.take(location) ?? Data()
        state.withLock { state in
            state.observation.append(.downloaded(bytes: data.count))
            state.downloaded = data
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (observation, body, handler) = state.withLock { state in
            state.observation.append(.complete(error: error.map(AppObservation.describe)))
            defer { state.onComplete = nil }
            return (state.observation, state.downloaded ?? state.body, state.onComplete)
        }
        handler?(observation, body, task.response, error)
    }
}
