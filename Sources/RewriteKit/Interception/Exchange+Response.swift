import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// The inner task's response head. A streaming delegate gets it at once
    /// (after head-only response actions) unless a rule needs the whole body;
    /// otherwise it waits for the body.
    func innerDidReceive(_ response: URLResponse) {
        guard let outcome, let http = response as? HTTPURLResponse else { return }
        responseURL = http.url ?? original.url
        responseHead = HTTPResponse(head: http)
        streaming = callerKind == .streamingDelegate && !outcome.responseNeedsBody
        guard streaming, var head = responseHead, let url = responseURL else { return }
        if outcome.hasResponseActions {
            let answer = pipeline.processResponse(head, for: outcome)
            head = answer.response
            record(answer.trace)
            responseHead = head
        }
        let knownLength = head.headers["Content-Length"].flatMap(Int.init)
        guard let urlResponse = head.urlResponse(for: url, bodyLength: knownLength) else { return }
        gate.send { $1.urlProtocol($0, didReceive: urlResponse, cacheStoragePolicy: .notAllowed) }
        emit(.response)
        if let rate = outcome.throttleBytesPerSecond {
            pacer = BodyPacer(bytesPerSecond: rate, queue: installation.queue) { [weak self] chunk in
                self?.send(chunk)
            }
        }
    }

    /// A chunk of the inner task's body: streamed on, or kept for the end.
    func innerDidReceive(_ data: Data) {
        guard streaming else {
            bufferedBody.append(contentsOf: data)
            return
        }
        if keepsBodyForCache { bufferedBody.append(contentsOf: data) }
        if let pacer {
            pacer.enqueue(data)
        } else {
            send(data)
        }
    }

    /// The inner task ended: errors pass through unchanged; a buffered body goes
    /// through the response phase and is delivered whole.
    func innerDidComplete(_ error: Error?) {
        innerTask = nil
        if let error { return fail(error) }
        guard let head = responseHead, let url = responseURL else {
            return fail(URLError(.badServerResponse))
        }
        if streaming {
            storeInCache(HTTPResponse(status: head.status, headers: head.headers, body: bufferedBody), url: url)
            if let pacer {
                pacer.finish { [weak self] in self?.finishStream() }
            } else {
                finishStream()
            }
            return
        }
        var response = head
        response.body = bufferedBody
        bufferedBody = []
        if let outcome, outcome.hasResponseActions {
            let answer = pipeline.processResponse(response, for: outcome)
            response = answer.response
            record(answer.trace)
        }
        storeInCache(response, url: url)
        deliver(response, url: url, source: .network)
    }

    /// Gives the app a whole response: head, body in one piece, finish. A
    /// throttled body arrives after the time its size takes at that rate.
    func deliver(_ response: HTTPResponse, url: URL?, source: ActivityEvent.Source) {
        responseHead = response
        let url = url ?? original.url
        if let rate = outcome?.throttleBytesPerSecond, rate > 0, !response.body.isEmpty {
            schedule(after: Double(response.body.count) / Double(rate)) { [self] in
                complete(response, url: url, source: source)
            }
        } else {
            complete(response, url: url, source: source)
        }
    }

    private func complete(_ response: HTTPResponse, url: URL?, source: ActivityEvent.Source) {
        guard let url, let urlResponse = response.urlResponse(for: url, bodyLength: response.body.count) else {
            return fail(URLError(.badServerResponse))
        }
        let body = Data(response.body)
        gate.send(finishing: true) { protocolObject, client in
            client.urlProtocol(protocolObject, didReceive: urlResponse, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty { client.urlProtocol(protocolObject, didLoad: body) }
            client.urlProtocolDidFinishLoading(protocolObject)
        }
        bytesReceived = body.count
        emit(.response)
        end(error: nil, source: source)
    }

    private func send(_ chunk: Data) {
        bytesReceived += chunk.count
        gate.send { $1.urlProtocol($0, didLoad: chunk) }
    }

    private func finishStream() {
        gate.send(finishing: true) { $1.urlProtocolDidFinishLoading($0) }
        end(error: nil, source: .network)
    }

    private var keepsBodyForCache: Bool {
        guard let outcome, outcome.cacheLifetime != nil else { return false }
        return outcome.request.method == "GET" && (200..<300).contains(responseHead?.status ?? 0)
    }

    private func storeInCache(_ response: HTTPResponse, url: URL) {
        guard let outcome, let lifetime = outcome.cacheLifetime, outcome.request.method == "GET",
              (200..<300).contains(response.status)
        else { return }
        installation.cache.store(response, url: url, for: outcome.request.url.description, lifetime: lifetime)
    }
}
