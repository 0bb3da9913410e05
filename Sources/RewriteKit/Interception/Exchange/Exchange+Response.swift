import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Exchange {
    /// The inner task's response head, in the context.
    ///
    /// A streaming delegate gets it at once (after the head-only response actions)
    /// unless a rule needs the whole body; otherwise it waits for the body. (On corelibs a
    /// 401 that raises a challenge comes here before the challenge, as for a plain load,
    /// and a retry with a credential brings a second response.)
    func innerDidReceive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse, let outcome = hop.outcome, machine.isLive else { return }
        let head = HTTPResponse(head: http)
        let streams = loading.receivesChunks && !outcome.responseNeedsBody
        // A buffered body grows in one allocation instead of doubling (each doubling
        // copies what came before); a length a server overstates reserves at most 16 MB.
        let reserve = http.expectedContentLength > 0 ? Int(min(http.expectedContentLength, Self.bufferReserveLimit)) : 0
        let after = machine.headReceived(http, head: head, streams: streams, reserving: reserve, captureLimit: capture.bodyLimit)
        hop.messageTimes = nil
        if case .ignore = after { return }
        outflow.timing = nil
        if let limit = capture.bodyLimit, let format = StreamFormat(contentType: head.headers["Content-Type"]) {
            outflow.timing = MessageTiming(format: format, limit: limit)
        }
        switch after {
        case .ignore, .keep:
            return
        case .deliverInterim:
            // An interim response (`100 Continue` to a request's `Expect`), which corelibs
            // passes on to a plain task as a response at once: the app hears it too. It is
            // the head until the final response replaces it (from a server that sends no
            // other, its body is kept with it).
            return channel.send { $1.urlProtocol($0, didReceive: http, cacheStoragePolicy: .notAllowed) }
        case .stream(let early):
            var final = head
            if outcome.hasResponseActions {
                let answer = pipeline.processResponse(head, for: outcome)
                final = answer.response
                record(answer.trace)
            }
            // Messages the rules may change or drop: the app's head claims no length.
            if startMessageRelay(head: final) { final.headers.remove("Content-Length") }
            guard let url = http.url ?? hop.appRequest.url,
                  let appResponse = appResponse(final, url: url, network: (http, head), bodyChanged: false)
            else { return fail(URLError(.badServerResponse)) }
            channel.send { $1.urlProtocol($0, didReceive: appResponse, cacheStoragePolicy: .notAllowed) }
            machine.headDelivered(keepsForCache: keepsBodyForCache(status: http.statusCode))
            hop.response = final
            emit(.response)
            if let rate = outcome.throttleBytesPerSecond { startPacing(at: rate) }
            if !early.isEmpty { streamOut(early) }
        }
    }

    /// A chunk of the inner task's body, in the context: streamed on, or kept for the end.
    func innerDidReceive(_ data: Data) {
        if outflow.timing?.feed(data) == false { outflow.timing = nil }
        switch machine.dataReceived(data, cacheLimit: interceptor.cache.byteLimit, captureLimit: capture.bodyLimit ?? 0) {
        case .ignore, .kept:
            break
        case .streamOut(let captureOverflowed):
            if captureOverflowed { hop.capturedWholeBody = false }
            streamOut(data)
        }
    }

    /// The inner task ended, in the context: errors pass through unchanged; a buffered
    /// body goes through the response phase (on the worker) and is delivered whole.
    /// `response` (read only when needed) is the task's final response.
    ///
    /// corelibs completes a 301–308 whose `Location` it cannot follow (none, or not a URL)
    /// without telling the delegate the response (it may have passed on an interim
    /// `100 Continue`): it sets it as the task's response, with an empty body, as a plain
    /// task of the app's would end. That response is taken here as the response head, so
    /// the app's task ends with it too, not with an error or the interim response.
    func innerDidComplete(_ error: Error?, response: @autoclosure () -> URLResponse?) {
        guard machine.isLive else { return }
        if error == nil, machine.lacksFinalHead, let final = response() as? HTTPURLResponse {
            if case .receiving(let reception) = machine.state, reception.network === final {} else { innerDidReceive(final) }
        }
        hop.messageTimes = outflow.timing?.finish()
        outflow.timing = nil
        switch machine.innerCompleted(failed: error != nil) {
        case .ignore:
            return
        case .fail:
            return fail(error ?? URLError(.badServerResponse))
        case .failWithoutResponse:
            return fail(URLError(.badServerResponse))
        case .deliverUnansweredChallenge(let reception):
            return deliverUnansweredChallenge(reception)
        case .endStream(let reception):
            guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
            let head = reception.head
            if let copy = reception.captureCopy {
                hop.serverResponse = HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy))
            }
            if let copy = reception.cacheCopy {
                storeInCache(HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy)), url: url)
            }
            endStreamOut { [self] in
                if let pacer = outflow.pacer {
                    pacer.finish { [self] in context.async { [self] in finishStream() } }
                } else {
                    finishStream()
                }
            }
        case .answerWhole(var reception):
            let received = reception.body
            reception.body = Data()
            answerWhole(received, of: reception)
        }
    }

    /// Runs the response phase over a whole network body, then delivers it.
    private func answerWhole(_ received: Data, of reception: Machine.Reception) {
        guard let url = reception.network.url ?? hop.appRequest.url else { return fail(URLError(.badServerResponse)) }
        let outcome = hop.outcome
        let runsRules = outcome?.hasResponseActions == true
        var response = reception.head
        // The pipeline's copy of the bytes is made only for what reads it: the response
        // rules, a running capture, the cache. Otherwise the app gets the network's `Data`
        // itself (a 10 MB body was copied twice on its way through).
        if runsRules || capture.bodyLimit != nil || outcome?.cacheLifetime != nil {
            response.body = [UInt8](received)
        }
        if let limit = capture.bodyLimit {
            hop.capturedWholeBody = response.body.count <= limit
            hop.serverResponse = hop.capturedWholeBody ? response : reception.head
        }
        guard let outcome, runsRules else {
            storeInCache(response, url: url)
            return deliverWhole(response, body: received, url: url, source: .network, network: reception, bodyChanged: false)
        }
        let (pipeline, before, whole, network) = (pipeline, outcome.trace.entries.count, response, UncheckedBox(reception))
        offload(bodySize: whole.body.count, { pipeline.processResponse(whole, for: outcome) }) { [self] answer in
            record(answer.trace)
            var bodyChanged = answer.trace.entries.dropFirst(before).contains { $0.changesBody }
            var final = answer.response
            var held = 0.0
            if let (messages, delay) = relayWhole(final) {
                held = delay
                if messages != final.body {
                    final.body = messages
                    bodyChanged = true
                }
            }
            storeInCache(final, url: url)
            guard held > 0 else { return deliverWhole(final, url: url, source: .network, network: network.value, bodyChanged: bodyChanged) }
            let (response, changed) = (final, bodyChanged)
            schedule(after: held) { [self] in
                deliverWhole(response, url: url, source: .network, network: network.value, bodyChanged: changed)
            }
        }
    }

    /// The most a buffered body reserves up front from the response's `Content-Length`.
    static let bufferReserveLimit: Int64 = 16 << 20

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
        emit(.response)
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
    private func startPacing(at rate: Int) {
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
    private func keepsBodyForCache(status: Int) -> Bool {
        guard let outcome = hop.outcome, outcome.cacheLifetime != nil else { return false }
        return outcome.request.method == "GET" && (200..<300).contains(status)
    }

    private func storeInCache(_ response: HTTPResponse, url: URL) {
        guard let outcome = hop.outcome, let lifetime = outcome.cacheLifetime, outcome.request.method == "GET",
              (200..<300).contains(response.status)
        else { return }
        interceptor.cache.store(response, url: url, for: outcome.request.url.description, lifetime: lifetime)
    }
}

extension HTTPHeaders {
    /// The fields as a dictionary for `URLRequest` and `HTTPURLResponse`, the values of a
    /// repeated name (in any case) joined with ", " under its first spelling.
    var joinedFields: [String: String] {
        var fields = [String: String](minimumCapacity: count)
        // A repeated name is rare: a short list is searched in place for one (no
        // lower-cased copy of every name); a long one, which a server can send, goes
        // through a dictionary of lower-cased names so that the work stays linear.
        var firstSpelling: [String: String]? = count > Self.pairwiseJoinLimit ? [:] : nil
        for (index, field) in enumerated() {
            let first: String?
            if firstSpelling != nil {
                let key = ASCIICase.lowercased(field.name)
                first = firstSpelling?[key]
                if first == nil { firstSpelling?[key] = field.name }
            } else {
                first = self[..<index].first { ASCIICase.equal($0.name, field.name) }?.name
            }
            if let first, let existing = fields[first] {
                fields[first] = existing + ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        return fields
    }

    /// Up to this many fields, repeated names are found by comparing each with those before it.
    static let pairwiseJoinLimit = 16
}

extension TraceEntry {
    /// Whether the entry records a change to the body.
    var changesBody: Bool {
        switch event {
        case .changed(_, .body), .contentLengthRemoved: true
        default: false
        }
    }
}
