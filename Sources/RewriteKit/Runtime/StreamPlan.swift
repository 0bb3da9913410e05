/// When each piece of a streamed stub's body is sent (`respond { stream … }`): the body is
/// the stub response's body, and the plan cuts it into pieces, each sent a delay after the
/// one before it, then ends the stream, or fails it with an error.
///
/// A message is sent whole at its time; a message with no gap of its own (no `every`, no
/// recorded timing) goes out with the one before it, while a recorded gap of 0 ms is a
/// delivery of its own, as it was on the network.
/// With `chunk`, the bytes are cut into pieces of that size whatever the message
/// boundaries are, and a piece goes out when the message of its last byte is due (no byte
/// is ever sent early).
struct StreamPlan: Sendable, Hashable {
    /// One piece of the body.
    struct Piece: Sendable, Hashable {
        /// Seconds after the piece before it (after the response head, for the first).
        let delay: Double
        /// The piece's bytes, as offsets into the response body.
        let range: Range<Int>
    }

    /// How the stream ends when it fails (`then fail E`).
    struct Failure: Sendable, Hashable {
        /// The error.
        let error: RequestError
        /// Seconds after the last piece.
        let delay: Double
    }

    /// The pieces, in order; together they are the whole body.
    let pieces: [Piece]
    /// The error the stream ends with, if any; otherwise it finishes.
    let failure: Failure?

    /// The body and its plan for messages with the gap (seconds) before each (nil: sent
    /// with the one before), cut into `chunk`-byte pieces when given.
    static func make(
        messages: [(gap: Double?, bytes: [UInt8])], chunk: Int?, failure: Failure?
    ) -> (body: [UInt8], plan: StreamPlan) {
        var body: [UInt8] = []
        body.reserveCapacity(messages.reduce(0) { $0 + $1.bytes.count })
        // Each message's end offset and when it is due after the head, in whole
        // microseconds, so that gaps subtract exactly.
        var ends: [(end: Int, time: Int64, joins: Bool)] = []
        var time: Int64 = 0
        for message in messages {
            time += Int64((max(0, message.gap ?? 0) * 1e6).rounded())
            body += message.bytes
            ends.append((body.count, time, message.gap == nil))
        }
        var pieces: [Piece] = []
        var sentTime: Int64 = 0
        func add(_ range: Range<Int>, at due: Int64, merging: Bool) {
            if merging, let last = pieces.last, due <= sentTime, last.range.upperBound == range.lowerBound {
                pieces[pieces.count - 1] = Piece(delay: last.delay, range: last.range.lowerBound..<range.upperBound)
            } else {
                pieces.append(Piece(delay: Double(max(0, due - sentTime)) / 1e6, range: range))
            }
            sentTime = max(sentTime, due)
        }
        if let chunk, chunk > 0 {
            var start = 0
            var message = 0
            while start < body.count {
                let end = min(start + chunk, body.count)
                while message < ends.count - 1 && ends[message].end < end { message += 1 }
                add(start..<end, at: ends[message].time, merging: false)
                start = end
            }
        } else {
            var start = 0
            for (end, due, joins) in ends where end > start {
                add(start..<end, at: due, merging: joins)
                start = end
            }
        }
        return (body, StreamPlan(pieces: pieces, failure: failure))
    }
}
