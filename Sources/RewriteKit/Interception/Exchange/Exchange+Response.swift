import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network's side of a load: the inner task's head, body and end become events of the
/// ``ExchangeMachine``, and what it answers is carried out (the response phase over a whole
/// body, a streamed head, the end of a stream).
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
            emitResponse()
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
        if error == nil, machine.lacksFinalHead, let final = response() as? HTTPURLResponse, !isReceiving(final) {
            innerDidReceive(final)
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

    /// Whether `response` is the head being received (the task's final response may be the
    /// interim one its delegate already heard).
    private func isReceiving(_ response: HTTPURLResponse) -> Bool {
        guard case .receiving(let reception) = machine.state else { return false }
        return reception.network === response
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
