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
        guard !isStopped, let http = response as? HTTPURLResponse, let outcome = hop.outcome else { return }
        let head = HTTPResponse(head: http)
        reception.network = http
        reception.networkHead = head
        reception.body = Data()
        reception.cacheCopy = nil
        reception.isStreaming = loading.receivesChunks && !outcome.responseNeedsBody
        if !reception.isStreaming, http.expectedContentLength > 0 {
            // A buffered body grows in one allocation instead of doubling (each doubling
            // copies what came before); a length a server overstates reserves at most 16 MB.
            reception.body.reserveCapacity(Int(min(http.expectedContentLength, Self.bufferReserveLimit)))
        }
        reception.captureCopy = capture.bodyLimit != nil && reception.isStreaming ? Data() : nil
        hop.messageTimes = nil
        if let limit = capture.bodyLimit, let format = StreamFormat(contentType: head.headers["Content-Type"]) {
            reception.timing = MessageTiming(format: format, limit: limit)
        }
        guard reception.isStreaming else {
            // An interim response (`100 Continue` to a request's `Expect`), which corelibs
            // passes on to a plain task as a response at once: the app hears it too. It is
            // the head until the final response replaces it (from a server that sends no
            // other, its body is kept with it).
            if (100..<200).contains(http.statusCode) {
                reception.interimSent = http
                channel.send { $1.urlProtocol($0, didReceive: http, cacheStoragePolicy: .notAllowed) }
            }
            return
        }
        var final = head
        if outcome.hasResponseActions {
            let answer = pipeline.processResponse(head, for: outcome)
            final = answer.response
            record(answer.trace)
        }
        // Messages the rules may change or drop: the app's head claims no length.
        if startMessageRelay(head: final) { final.headers.remove("Content-Length") }
        guard let url = http.url ?? hop.appRequest.url,
              let appResponse = appResponse(final, url: url, bodyChanged: false)
        else { return fail(URLError(.badServerResponse)) }
        reception.headDelivered = true
        channel.send { $1.urlProtocol($0, didReceive: appResponse, cacheStoragePolicy: .notAllowed) }
        hop.response = final
        emit(.response)
        if keepsBodyForCache { reception.cacheCopy = Data() }
        if let rate = outcome.throttleBytesPerSecond { startPacing(at: rate) }
    }

    /// A chunk of the inner task's body, in the context: streamed on, or kept for the end.
    func innerDidReceive(_ data: Data) {
        guard !isStopped else { return }
        if reception.timing?.feed(data) == false { reception.timing = nil }
        guard reception.isStreaming else {
            reception.body.append(data)
            return
        }
        if var copy = reception.cacheCopy {
            reception.cacheCopy = nil
            if copy.count + data.count <= interceptor.cache.byteLimit {
                copy.append(data)
                reception.cacheCopy = copy
            }
        }
        if let copy = reception.captureCopy {
            reception.captureCopy = nil
            if copy.count + data.count <= capture.bodyLimit ?? 0 {
                reception.captureCopy = copy + data
            } else {
                hop.capturedWholeBody = false
            }
        }
        streamOut(data)
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
        guard !isStopped else { return }
        #if canImport(FoundationNetworking)
        // Only corelibs' challenge path (Exchange+Challenge.swift) sets the flag.
        if reception.endsWithUnansweredChallenge { return deliverUnansweredChallenge() }
        #endif
        if let error { return fail(error) }
        if reception.network.map({ $0.statusCode < 200 }) ?? true, let final = response() as? HTTPURLResponse,
           final !== reception.network {
            innerDidReceive(final)
        }
        hop.messageTimes = reception.timing?.finish()
        reception.timing = nil
        guard let network = reception.network, let head = reception.networkHead, let url = network.url ?? hop.appRequest.url else {
            return fail(URLError(.badServerResponse))
        }
        if reception.isStreaming {
            if let copy = reception.captureCopy {
                hop.serverResponse = HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy))
            }
            if let copy = reception.cacheCopy {
                storeInCache(HTTPResponse(status: head.status, headers: head.headers, body: [UInt8](copy)), url: url)
            }
            endStreamOut { [self] in
                if let pacer = reception.pacer {
                    pacer.finish { [self] in context.async { [self] in finishStream() } }
                } else {
                    finishStream()
                }
            }
            return
        }
        let received = reception.body
        reception.body = Data()
        let outcome = hop.outcome
        let runsRules = outcome?.hasResponseActions == true
        var response = head
        // The pipeline's copy of the bytes is made only for what reads it: the response
        // rules, a running capture, the cache. Otherwise the app gets the network's `Data`
        // itself (a 10 MB body was copied twice on its way through).
        if runsRules || capture.bodyLimit != nil || outcome?.cacheLifetime != nil {
            response.body = [UInt8](received)
        }
        if let limit = capture.bodyLimit {
            hop.capturedWholeBody = response.body.count <= limit
            hop.serverResponse = hop.capturedWholeBody ? response : head
        }
        guard let outcome, runsRules else {
            storeInCache(response, url: url)
            return deliverWhole(response, body: received, url: url, source: .network, bodyChanged: false)
        }
        let (pipeline, before, whole) = (pipeline, outcome.trace.entries.count, response)
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
            guard held > 0 else { return deliverWhole(final, url: url, source: .network, bodyChanged: bodyChanged) }
            let (response, changed) = (final, bodyChanged)
            schedule(after: held) { [self] in deliverWhole(response, url: url, source: .network, bodyChanged: changed) }
        }
    }

    /// The most a buffered body reserves up front from the response's `Content-Length`.
    static let bufferReserveLimit: Int64 = 16 << 20

    /// Gives the app a whole response: head, body in one piece, finish. `body`, when
    /// given, is the body as the network sent it, passed on instead of `response.body`
    /// (which then holds a copy only if a capture or the cache keeps one). A throttled
    /// body arrives after the time its size takes at that rate.
    func deliverWhole(_ response: HTTPResponse, body: Data? = nil, url: URL?, source: ResponseSource, bodyChanged: Bool = true) {
        hop.response = response
        let url = url ?? hop.appRequest.url
        let size = body?.count ?? response.body.count
        if let rate = hop.outcome?.throttleBytesPerSecond, rate > 0, size > 0 {
            schedule(after: Double(size) / Double(rate)) { [self] in
                complete(response, body: body, url: url, source: source, bodyChanged: bodyChanged)
            }
        } else {
            complete(response, body: body, url: url, source: source, bodyChanged: bodyChanged)
        }
    }

    private func complete(_ response: HTTPResponse, body: Data?, url: URL?, source: ResponseSource, bodyChanged: Bool) {
        let network = source == .network ? reception.network : nil
        guard let url, let appResponse = appResponse(response, url: url, bodyChanged: bodyChanged || network == nil) else {
            return fail(URLError(.badServerResponse))
        }
        isFinished = true
        let body = body ?? Data(response.body)
        captureHop(error: nil, source: source)
        let perCallDelegate = loading.perCall
        let headSent = appResponse === reception.interimSent
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
    func appResponse(_ response: HTTPResponse, url: URL, bodyChanged: Bool) -> HTTPURLResponse? {
        if !bodyChanged, let network = reception.network, let head = reception.networkHead,
           head.status == response.status, head.headers == response.headers {
            return network
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
        guard !isStopped, !isFinished else { return }
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
        reception.pacer = BodyPacer(bytesPerSecond: rate, queue: worker, onBacklog: onBacklog) { [weak self] chunk in
            guard let self else { return }
            context.async { [self] in send(chunk) }
        }
    }

    /// Ends a body streamed to the app: the capture, the client's finish, the hop's end.
    func finishStream(source: ResponseSource = .network) {
        guard !isStopped, !isFinished else { return }
        isFinished = true
        captureHop(error: nil, source: source)
        channel.send(finishing: true) { $1.urlProtocolDidFinishLoading($0) }
        endHop(error: nil, source: source)
    }

    private var keepsBodyForCache: Bool {
        guard let outcome = hop.outcome, outcome.cacheLifetime != nil else { return false }
        return outcome.request.method == "GET" && (200..<300).contains(reception.network?.statusCode ?? 0)
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
