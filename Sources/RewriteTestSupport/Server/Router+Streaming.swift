import Foundation

/// Endpoints with large, streamed, slow or compressed bodies.
extension Router {
    /// Bodies up to this size are built in memory and written with the head in one write.
    static let singleWriteLimit = 4 * 1024 * 1024
    /// Slice size when a long body is written in a loop.
    static let streamSlice = 256 * 1024

    /// `/bytes/{n}?seed=S`: n deterministic pseudo-random bytes (see
    /// ``TestHTTPServer/deterministicBytes(count:seed:)``) with `Content-Length`.
    static func bytes(_ argument: String?, _ request: RecordedRequest) -> ServerResponse {
        guard let count = integer(argument, in: 0...(1 << 32)) else { return .error(400, "invalid byte count") }
        guard let seed = seed(request) else { return .error(400, "seed must be an unsigned integer") }
        let headers = [RecordedRequest.Header(name: "Content-Type", value: "application/octet-stream")]
        if count <= singleWriteLimit {
            return ServerResponse(status: 200, headers: headers, body: DeterministicBytes.slice(seed: seed, offset: 0, count: count))
        }
        return ServerResponse(status: 200, headers: headers, length: count) { sink in
            var offset = 0
            while offset < count {
                let size = min(streamSlice, count - offset)
                try sink.write(DeterministicBytes.slice(seed: seed, offset: offset, count: size))
                offset += size
            }
        }
    }

    /// `/stream-bytes/{n}?chunk_size=K&seed=S`: the same bytes as `/bytes/{n}`, sent with
    /// chunked transfer encoding in chunks of K bytes (default 10240), generated on the fly.
    static func streamBytes(_ argument: String?, _ request: RecordedRequest) -> ServerResponse {
        guard let count = integer(argument, in: 0...(1 << 40)) else { return .error(400, "invalid byte count") }
        guard let seed = seed(request) else { return .error(400, "seed must be an unsigned integer") }
        var chunkSize = 10_240
        if let text = request.queryValue("chunk_size") {
            guard let parsed = integer(text, in: 1...singleWriteLimit) else { return .error(400, "invalid chunk_size") }
            chunkSize = parsed
        }
        let headers = [RecordedRequest.Header(name: "Content-Type", value: "application/octet-stream")]
        return ServerResponse(status: 200, headers: headers, length: nil) { sink in
            var offset = 0
            while offset < count {
                let size = min(chunkSize, count - offset)
                try sink.write(DeterministicBytes.slice(seed: seed, offset: offset, count: size))
                offset += size
            }
        }
    }

    /// `/stream/{n}` (n ≤ 100): n JSON lines `{"id": i, "url", "args", "headers"}`, one chunk each.
    static func stream(_ argument: String?, _ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        guard let count = integer(argument, in: 0...100) else { return .error(400, "line count must be 0 to 100") }
        let base: [String: Any] = [
            "url": absoluteURL(request, context: context), "args": argsObject(request), "headers": headerObject(request),
        ]
        return ServerResponse(status: 200, headers: [.init(name: "Content-Type", value: "application/json")], length: nil) { sink in
            for id in 0..<count {
                var line = base
                line["id"] = id
                let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
                try sink.write(Array(data) + [0x0A])
            }
        }
    }

    /// `/events/{n}?gap_ms=G&burst=B&typed=1&format=ndjson`: a chat-style stream of n messages
    /// (n ≤ 1,000,000; 0: endless, until the client goes away or the server stops), each
    /// written as it is due, B to a write (≤ 1,000,000; default 1), G ms between writes
    /// (≤ 10,000; default 0). Server-sent events by default
    /// (`text/event-stream`): `id: i` and `data: {"id":i,"choices":[{"delta":{"content":"word i"}}]}`,
    /// every other one `event: typing` with `typed=1`, and a last `data: [DONE]`; with
    /// `format=ndjson`, one JSON line per message (`application/x-ndjson`).
    static func events(_ argument: String?, _ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        guard let count = integer(argument, in: 0...1_000_000) else { return .error(400, "event count must be 0 to 1000000") }
        guard let gap = integer(request.queryValue("gap_ms") ?? "0", in: 0...10_000) else { return .error(400, "invalid gap_ms") }
        guard let burst = integer(request.queryValue("burst") ?? "1", in: 1...1_000_000) else { return .error(400, "invalid burst") }
        let typed = request.queryValue("typed") == "1"
        let lines = request.queryValue("format") == "ndjson"
        let type = lines ? "application/x-ndjson" : "text/event-stream"
        return ServerResponse(status: 200, headers: [.init(name: "Content-Type", value: type)], length: nil) { sink in
            var index = 0
            var pending: [UInt8] = []
            while count == 0 || index < count {
                if index > 0, gap > 0, index % burst == 0, !context.sleep(Double(gap) / 1000) { return }
                if count == 0, context.isStopping() { return }
                let json = #"{"id":\#(index),"choices":[{"delta":{"content":"word \#(index)"}}]}"#
                let message = lines ? json + "\n" : (typed && index % 2 == 1 ? "event: typing\n" : "") + "id: \(index)\ndata: \(json)\n\n"
                pending += message.utf8
                index += 1
                if index % burst == 0 || index == count {
                    try sink.write(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !lines { try sink.write(Array("data: [DONE]\n\n".utf8)) }
        }
    }

    /// `/drip?numbytes=N&duration=S&delay=D&code=C`: waits D seconds (≤ 10), then sends status C
    /// and N `*` bytes (≤ 10 MiB) spread over S seconds (≤ 30), each piece written as it is due.
    static func drip(_ request: RecordedRequest, context: RouteContext) -> ServerResponse {
        let count = integer(request.queryValue("numbytes") ?? "10", in: 0...(10 << 20))
        let duration = seconds(request.queryValue("duration") ?? "2", in: 0...30)
        let delay = seconds(request.queryValue("delay") ?? "0", in: 0...10)
        let code = integer(request.queryValue("code") ?? "200", in: 200...599)
        guard let count, let duration, let delay, let code else { return .error(400, "invalid drip parameters") }
        // No delay, no wait: a drip the server stops just after reading its request is cut
        // short mid-body (its first pause sees the stop), not answered 503 whole.
        guard delay == 0 || context.sleep(delay) else { return .error(503, "server stopping") }
        let pieces = min(count, 1000)
        let headers = [RecordedRequest.Header(name: "Content-Type", value: "application/octet-stream")]
        return ServerResponse(status: code, headers: headers, length: count) { sink in
            var sent = 0
            for piece in 0..<pieces {
                let end = count * (piece + 1) / pieces
                try sink.write([UInt8](repeating: 0x2A, count: end - sent))
                sent = end
                try sink.pause(duration / Double(pieces))
            }
        }
    }

    /// `/gzip` and `/deflate`: a JSON document sent compressed with that `Content-Encoding`.
    static func compressed(_ request: RecordedRequest, context: RouteContext, encoding: String) -> ServerResponse {
        let document: [String: Any] = [
            encoding == "gzip" ? "gzipped" : "deflated": true,
            "method": request.method,
            "headers": headerObject(request),
            "url": absoluteURL(request, context: context),
        ]
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        let plain = Array((try? JSONSerialization.data(withJSONObject: document, options: options)) ?? Data("{}".utf8))
        let body = encoding == "gzip" ? GzipEncoder.gzip(plain) : GzipEncoder.zlib(plain)
        return ServerResponse(status: 200, headers: [
            .init(name: "Content-Type", value: "application/json"), .init(name: "Content-Encoding", value: encoding),
        ], body: body)
    }

    private static func seed(_ request: RecordedRequest) -> UInt64? {
        guard let text = request.queryValue("seed") else { return 0 }
        return UInt64(text)
    }
}
