import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLProtocol that carries requests through a ``Rewriter``: lifecycle only.
///
/// `canInit` asks the installation whether any rule might apply, from the URL and headers
/// alone, so traffic no rule can touch never comes here. `startLoading` records where
/// the client must be called and hands the load to an ``Exchange``, which does its work
/// on queues the library owns: it never blocks, and never calls URLSession from the
/// session's own queues (where corelibs traps or deadlocks). `stopLoading` closes the
/// client channel in the same context the channel calls the client in, so no client
/// call can follow it, and cancels the rest.
///
/// What the platform cannot carry through a URLProtocol goes to the network untouched,
/// with a `.bypassed` activity event naming the rules that were skipped: download tasks
/// on swift-corelibs-foundation (handed to the built-in HTTP protocol), and on Apple
/// platforms upload tasks (their body is invisible to a protocol), WebSocket and stream
/// tasks (declined in `canInit(with:)`).
///
/// Each installation uses its own subclass (see ``TaggedURLProtocol``).
class InterceptingURLProtocol: URLProtocol {
    /// The installation this class serves; each ``TaggedURLProtocol`` answers its own.
    class var installationNumber: Int { -1 }

    /// Captured when URLSession makes the protocol object, right after `canInit` said yes.
    private var interceptor: Interceptor?
    /// The load in progress; read and written only in the loading context.
    private var exchange: Exchange?
    #if canImport(FoundationNetworking)
    /// The built-in HTTP protocol, for tasks handed over untouched.
    private var handover: URLProtocol?
    #endif

    override class func canInit(with request: URLRequest) -> Bool {
        guard let interceptor = InterceptorRegistry.shared.interceptor(for: installationNumber) else { return false }
        if interceptor.shouldIntercept(request) { return true }
        #if canImport(FoundationNetworking)
        // corelibs asks once per task, with the request only.
        interceptor.reportDeclined(request, task: nil)
        #endif
        return false
    }

    override class func canInit(with task: URLSessionTask) -> Bool {
        guard let request = task.currentRequest ?? task.originalRequest else { return false }
        guard canInit(with: request) else {
            #if !canImport(FoundationNetworking)
            // Apple platforms ask several times per task; the task tells them apart.
            InterceptorRegistry.shared.interceptor(for: installationNumber)?.reportDeclined(request, task: task)
            #endif
            return false
        }
        #if !canImport(FoundationNetworking)
        let reason: String? = switch task {
        case is URLSessionUploadTask: "the body of an upload task is not visible to a URL protocol on this platform"
        case is URLSessionWebSocketTask: "WebSocket tasks are not intercepted"
        case is URLSessionStreamTask: "stream tasks are not intercepted"
        default: nil
        }
        if let reason, let interceptor = InterceptorRegistry.shared.interceptor(for: installationNumber) {
            interceptor.reportBypass(of: request, reason: reason)
            return false
        }
        #endif
        return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    #if canImport(FoundationNetworking)
    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?) {
        super.init(request: request, cachedResponse: cachedResponse, client: client)
        interceptor = InterceptorRegistry.shared.interceptor(for: Self.installationNumber)
    }
    #else
    override init(request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?) {
        super.init(request: request, cachedResponse: cachedResponse, client: client)
        interceptor = InterceptorRegistry.shared.interceptor(for: Self.installationNumber)
    }
    #endif

    override func startLoading() {
        // corelibs can run a cancel's `stopLoading` before the resume's `startLoading`
        // (both go through its asynchronous protocol set-up), so a task can arrive here
        // already cancelled and reported: starting it would call the client after the
        // task finished, which traps.
        if let task, task.error != nil || task.state == .canceling || task.state == .completed {
            return
        }
        let loading = LoadingTask(task)
        exchange?.stop()
        exchange = nil
        #if canImport(FoundationNetworking)
        if loading.kind == .download || interceptor == nil {
            let reason = loading.kind == .download
                ? "download tasks cannot be carried by a URL protocol on this platform"
                : "the rewriter was released"
            return handOver(reason: reason)
        }
        #endif
        guard let interceptor else {
            // Only on Apple platforms, and only if the installation vanished between
            // `canInit` and here, which its grace period prevents.
            client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
            return
        }
        let exchange = Exchange(protocolObject: self, interceptor: interceptor, loading: loading)
        self.exchange = exchange
        exchange.start()
    }

    override func stopLoading() {
        #if canImport(FoundationNetworking)
        handover?.stopLoading()
        #endif
        exchange?.stop()
    }

    #if canImport(FoundationNetworking)
    /// Gives the task to corelibs' own HTTP protocol, which reads the task's body,
    /// delegate and session itself: the task behaves exactly as without the interceptor,
    /// and the rules are not run.
    private func handOver(reason: String) {
        guard let task, let builtin = URLSessionConfiguration.default.protocolClasses?.first as? URLProtocol.Type,
              builtin != Self.self
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        interceptor?.reportBypass(of: request, reason: reason)
        let handover = builtin.init(task: task, cachedResponse: cachedResponse, client: client)
        self.handover = handover
        handover.startLoading()
    }
    #endif
}
