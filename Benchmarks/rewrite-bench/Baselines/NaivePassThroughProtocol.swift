import Foundation
import RewriteKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline an interceptor is measured against: the pass-through URLProtocol an app
/// writes by hand. It starts each request on its own queue through one inner session
/// and forwards that session's callbacks straight to the client, as they arrive. It
/// rewrites nothing, handles no redirect, challenge, upload or cancellation race, and
/// is only for measuring.
class NaivePassThroughProtocol: URLProtocol {
    /// The inner session and its delegate this class forwards through.
    class var forwarder: NaiveForwarder { NaiveForwarder.shared }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let request = request
        let box = NaiveForwarder.Box(self)
        let forwarder = Self.forwarder
        forwarder.queue.async { forwarder.start(request, for: box) }
    }

    override func stopLoading() {
        let box = NaiveForwarder.Box(self)
        let forwarder = Self.forwarder
        forwarder.queue.async { forwarder.cancel(for: box) }
    }
}

/// The naive protocol's inner session and its delegate.
final class NaiveForwarder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let shared = NaiveForwarder(delegateQueue: nil)

    /// The inner session's delegate queue: nil for URLSession's own (a queue of its own).
    private let delegateQueue: OperationQueue?
    /// Whether the inner session has the URL cache `.ephemeral` gives it.
    private let usesURLCache: Bool

    init(delegateQueue: OperationQueue?, usesURLCache: Bool = true) {
        self.delegateQueue = delegateQueue
        self.usesURLCache = usesURLCache
        super.init()
    }

    /// Carries the protocol object to the forwarder's queue.
    struct Box: @unchecked Sendable {
        let protocolObject: URLProtocol
        init(_ protocolObject: URLProtocol) { self.protocolObject = protocolObject }
    }

    let queue = DispatchQueue(label: "naive.forwarder")
    /// The protocol of each task, and the task of each protocol.
    private let state = Locked((protocols: [ObjectIdentifier: URLProtocol](), tasks: [ObjectIdentifier: URLSessionTask]()))
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        if !usesURLCache { configuration.urlCache = nil }
        return URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
    }()

    func start(_ request: URLRequest, for box: Box) {
        let task = session.dataTask(with: request)
        state.withLock { state in
            state.protocols[ObjectIdentifier(task)] = box.protocolObject
            state.tasks[ObjectIdentifier(box.protocolObject)] = task
        }
        task.resume()
    }

    func cancel(for box: Box) {
        let task = state.withLock { $0.tasks.removeValue(forKey: ObjectIdentifier(box.protocolObject)) }
        task?.cancel()
    }

    private func protocolObject(for task: URLSessionTask, removing: Bool = false) -> URLProtocol? {
        state.withLock { state in
            let key = ObjectIdentifier(task)
            guard let found = removing ? state.protocols.removeValue(forKey: key) : state.protocols[key] else { return nil }
            if removing { state.tasks[ObjectIdentifier(found)] = nil }
            return found
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let client = protocolObject(for: dataTask) { client.client?.urlProtocol(client, didReceive: response, cacheStoragePolicy: .notAllowed) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let client = protocolObject(for: dataTask) { client.client?.urlProtocol(client, didLoad: data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let client = protocolObject(for: task, removing: true) else { return }
        if let error {
            client.client?.urlProtocol(client, didFailWithError: error)
        } else {
            client.client?.urlProtocolDidFinishLoading(client)
        }
    }
}
