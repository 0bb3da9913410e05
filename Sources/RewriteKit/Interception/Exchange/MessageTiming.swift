import Foundation

/// Notes when each message of a streaming network response arrives, for a running capture:
/// the server's bytes are cut into messages as they come (never more than the capture's
/// body limit), and each whole one is marked with its offset and the time since the head.
struct MessageTiming {
    private var splitter: StreamMessageSplitter
    private let start = Date()
    /// Bytes fed so far.
    private var fed = 0
    /// Where the next message starts.
    private var offset = 0
    private let limit: Int
    /// The messages so far.
    private(set) var marks: [RecordedMessage] = []

    /// Timing for a body in `format`, up to `limit` bytes.
    init(format: StreamFormat, limit: Int) {
        splitter = StreamMessageSplitter(format: format)
        self.limit = limit
    }

    /// Bytes as they arrive; false once past the limit (the timing is then of no use).
    mutating func feed(_ data: Data) -> Bool {
        fed += data.count
        guard fed <= limit else { return false }
        note(splitter.feed(data))
        return true
    }

    /// The body ended: a message it ends without a blank line is marked now.
    mutating func finish() -> [RecordedMessage] {
        note(splitter.finish().messages)
        return marks
    }

    private mutating func note(_ messages: [StreamMessage]) {
        let time = RecordedMessage.seconds(milliseconds: RecordedMessage.milliseconds(Date().timeIntervalSince(start)))
        for message in messages {
            marks.append(RecordedMessage(offset: offset, time: time))
            offset += message.raw.count
        }
    }
}
