import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's side of a load: the answer goes to the client whole or piece by piece, paced
/// by `throttle`, and, when the `cache` clause asks, into the rules' cache.
extension Exchange {
    /// Gives the app a whole response: head, body in one piece, finish. `body`, when
    /// given, is the body as the network sent it, passed on instead of `response.body`
    /// (which then holds a copy only if a capture or the cache keeps one). `network` is the
    /// network's head the answer comes from, if any. A throttled body arrives after the
    /// time its size takes at that rate.
    func deliverWhole(
        _ response: HTTPResponse, body: Data? = nil, url: URL?, source: ResponseSource, network: Machine.Reception? = nil,
        bodyChanged: Bool = true
    ) {
        hop.response = response
        let url = url ?? hop.appRequest.url
        let size = body?.count ?? response.body.count
        if let rate = hop.outcome?.throttleBytesPerSecond, rate > 0, size > 0 {
            let network = UncheckedBox(network)
            schedule(after: Double(size) / Double(rate)) { [self] in
                complete(response, body: body, url: url, source: source, network: network.value, bodyChanged: bodyChanged)
            }
        } else {
            complete(response, body: body, url: url, source: source, network: network, bodyChanged: bodyChanged)
        }
    }

    private func complete(_ response: HTTPResponse, body: Data?, url: URL?, source: ResponseSource, network: Machine.Reception?, bodyChanged: Bool) {
        let network = source == .network ? network : nil
        guard let url, let appResponse = appResponse(
            response, url: url, network: network.map { ($0.network, $0.head) }, bodyChanged: bodyChanged || network == nil)
        else { return fail(URLError(.badServerResponse)) }
        guard machine.finish() else { return }
        let body = body ?? Data(response.body)
        captureHop(error: nil, source: source)
        let perCallDelegate = loading.perCall
        let headSent = network?.isInterimDelivered == true && appResponse === network?.network
        channel.send(finishing: true) { protocolObject, client in
            if !headSent { client.urlProtocol(protocolObject, didReceive: appResponse, cacheStoragePolicy: .notAllowed) }
            if !body.isEmpty {
                perCallDelegate?.didReceive(body)
                client.urlProtocol(protocolObject, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(protocolObject)
        }
        hop.bytesReceived = body.count
        emitResponse()
        endHop(error: nil, source: source)
    }

    /// The response object the app gets. When the rules left the network's head as it
    /// was, it is the network's own object, so every header (Content-Length and
    /// Content-Encoding included) and every property is exactly what a plain session
    /// gives. When a body action changed the body, the headers describe the new bytes.
    func appResponse(
        _ response: HTTPResponse, url: URL, network: (object: HTTPURLResponse, head: HTTPResponse)? = nil, bodyChanged: Bool
    ) -> HTTPURLResponse? {
        if !bodyChanged, let network, network.head.status == response.status, network.head.headers == response.headers {
            return network.object
        }
        var headers = response.headers
        if bodyChanged {
            headers.remove("Content-Encoding")
            headers.set("Content-Length", String(response.body.count))
        }
        return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: headers.joinedFields)
    }

    /// Sends a chunk of a streamed body, in the context.
    func send(_ chunk: Data) {
        guard machine.isLive else { return }
        hop.bytesReceived += chunk.count
        channel.send { $1.urlProtocol($0, didLoad: chunk) }
    }

    /// Releases the streamed body at `rate` bytes a second, from the worker; a backlog
    /// waits in a spill buffer (bounded memory).
    func startPacing(at rate: Int) {
        var onBacklog: (@Sendable (Bool) -> Void)?
        #if !canImport(FoundationNetworking)
        // Where suspending a data task pauses it (Apple platforms), a backlog pauses the
        // download; on corelibs suspending restarts the transfer, so the backlog waits on
        // disk instead.
        onBacklog = { [weak self] backedUp in
            guard let self else { return }
            let tasks = UncheckedBox(forwarding.tasks(of: self))
            worker.async {
                for task in tasks.value {
                    if backedUp { task.suspend() } else { task.resume() }
                }
            }
        }
        #endif
        outflow.pacer = BodyPacer(bytesPerSecond: rate, queue: worker, onBacklog: onBacklog) { [weak self] chunk in
            guard let self else { return }
            context.async { [self] in send(chunk) }
        }
    }

    /// Ends a body streamed to the app: the capture, the client's finish, the hop's end.
    func finishStream(source: ResponseSource = .network) {
        guard machine.finish() else { return }
        captureHop(error: nil, source: source)
        channel.send(finishing: true) { $1.urlProtocolDidFinishLoading($0) }
        endHop(error: nil, source: source)
    }

    /// Whether a streamed body with this status is copied for the `cache` clause.
    func keepsBodyForCache(status: Int) -> Bool {
        guard let outcome = hop.outcome, outcome.cacheLifetime != nil else { return false }
        return outcome.request.method == "GET" && (200..<300).contains(status)
    }

    func storeInCache(_ response: HTTPResponse, url: URL) {
        guard let outcome = hop.outcome, let lifetime = outcome.cacheLifetime, outcome.request.method == "GET",
              (200..<300).contains(response.status)
        else { return }
        interceptor.cache.store(response, url: url, for: outcome.request.url.description, lifetime: lifetime)
    }
}
