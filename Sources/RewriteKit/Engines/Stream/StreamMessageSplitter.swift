/// Cuts a streaming body into whole messages as its bytes arrive, in any pieces: a message is
/// handed on only once it is complete, never in parts, and the bytes of every message (then
/// what ``finish()`` leaves) are the stream byte for byte, so an untouched message can go on
/// exactly as it came.
///
/// - Server-sent events are read as the HTML standard's event stream interpretation says:
///   lines end with CRLF, LF or CR (a CR at the end of one piece and an LF at the start of the
///   next are one line end); a byte order mark at the very start is skipped; a blank line
///   dispatches the event when it has data; `data` lines are joined with LF; `event` names it;
///   `id` is kept unless it holds NUL; `retry` is kept when it is all ASCII digits; one space
///   after the colon is removed; a line starting with `:` is a comment; other fields are
///   ignored. An event the stream ends in the middle of is not dispatched.
/// - JSON Lines: a message per line that is not blank (CRLF or LF); the last line needs no
///   line end once the stream has ended.
/// - JSON text sequences (RFC 7464): a message per record separator (0x1E) and the text after
///   it, complete at a line feed that ends a valid JSON text, at the next separator, or at the
///   end of the stream.
///
/// The work is linear in the bytes fed: each byte is looked at once, and a JSON text sequence
/// record is validated only at its line feeds.
struct StreamMessageSplitter {
    let format: StreamFormat
    /// The bytes not yet handed on; the message being assembled starts at `base` (what is
    /// before it was handed on, and is dropped once per call, so a piece holding many
    /// messages costs no more than their bytes).
    private var pending: [UInt8] = []
    private var base = 0
    /// Where the unread part of `pending` starts, and the current line.
    private var scanned = 0
    private var lineStart = 0
    /// Whether the last byte ended a line with CR (an LF right after belongs to that line end).
    private var afterCR = false
    /// Whether the stream's start was checked for a byte order mark.
    private var startChecked = false
    /// The place of the separator of the JSON text sequence record being assembled.
    private var separator: Int?
    /// The event being assembled.
    private var data: [UInt8]?
    private var event: String?
    private var id: String?
    private var retry: Int?
    private var comments: [String] = []

    init(format: StreamFormat) {
        self.format = format
    }

    /// Takes the next bytes and returns the messages they complete, in order.
    mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [StreamMessage] {
        pending.append(contentsOf: bytes)
        var messages: [StreamMessage] = []
        scan(into: &messages, atEnd: false)
        compact()
        return messages
    }

    /// The stream ended: the messages that only the end completes (a last JSON line without
    /// a line end, a last sequence record), and the bytes that make no message (blank lines,
    /// comments, an event cut off in the middle), to pass on as they are.
    mutating func finish() -> (messages: [StreamMessage], rest: [UInt8]) {
        var messages: [StreamMessage] = []
        scan(into: &messages, atEnd: true)
        let rest = Array(pending[base...])
        pending = []
        (base, scanned, lineStart, separator) = (0, 0, 0, nil)
        return (messages, rest)
    }

    private mutating func scan(into messages: inout [StreamMessage], atEnd: Bool) {
        switch format {
        case .eventStream: scanEvents(into: &messages, atEnd: atEnd)
        case .jsonLines: scanLines(into: &messages, atEnd: atEnd)
        case .jsonSequence: scanSequence(into: &messages, atEnd: atEnd)
        }
    }

    /// Hands on the message that ends before `end`: its bytes from `base`.
    private mutating func take(upTo end: Int) -> [UInt8] {
        defer { base = end }
        return Array(pending[base..<end])
    }

    /// Drops what was handed on, once per call.
    private mutating func compact() {
        guard base > 0 else { return }
        pending.removeFirst(base)
        scanned -= base
        lineStart -= base
        separator = separator.map { $0 - base }
        base = 0
    }

    // MARK: Server-sent events

    private mutating func scanEvents(into messages: inout [StreamMessage], atEnd: Bool) {
        if !startChecked {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if pending.count < 3 && !atEnd && bom.starts(with: pending) { return }
            startChecked = true
            if pending.starts(with: bom) { (scanned, lineStart) = (3, 3) }
        }
        var index = scanned
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x0A && afterCR {
                // The LF of a CRLF whose CR ended the line before.
                afterCR = false
                index += 1
                lineStart = index
                continue
            }
            afterCR = false
            guard byte == 0x0A || byte == 0x0D else {
                index = Self.lineEnd(in: pending, from: index + 1)
                continue
            }
            let line = lineStart..<index
            if line.isEmpty && byte == 0x0D {
                // A blank line ended by CR: its LF, if any, is part of this message.
                if index + 1 == pending.count && !atEnd { break }
                index += index + 1 < pending.count && pending[index + 1] == 0x0A ? 2 : 1
            } else {
                afterCR = byte == 0x0D
                index += 1
            }
            lineStart = index
            guard line.isEmpty else {
                process(line: line)
                continue
            }
            guard var joined = data else {
                event = nil
                continue
            }
            if joined.last == 0x0A { joined.removeLast() }
            messages.append(StreamMessage(
                raw: take(upTo: index), dataBytes: joined, event: event, id: id, retry: retry, comments: comments))
            (data, event, id, retry, comments) = (nil, nil, nil, nil, [])
        }
        scanned = index
    }

    /// The offset of the first CR or LF at or after `start` (the count when there is none).
    static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count, buffer[index] != 0x0A, buffer[index] != 0x0D { index &+= 1 }
            return index
        }
    }

    /// One line of an event: a field or a comment.
    private mutating func process(line: Range<Int>) {
        let bytes = pending[line]
        guard let colon = bytes.firstIndex(of: 0x3A) else { return field(bytes, value: bytes[line.upperBound...]) }
        var valueStart = colon + 1
        if valueStart < line.upperBound, pending[valueStart] == 0x20 { valueStart += 1 }
        let value = pending[valueStart..<line.upperBound]
        if colon == line.lowerBound {
            comments.append(String(decoding: value, as: UTF8.self))
        } else {
            field(pending[line.lowerBound..<colon], value: value)
        }
    }

    private mutating func field(_ name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if name.elementsEqual("data".utf8) {
            if data == nil { data = [] }
            data?.append(contentsOf: value)
            data?.append(0x0A)
        } else if name.elementsEqual("event".utf8) {
            event = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8), !value.contains(0) {
            id = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("retry".utf8), !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
            retry = Int(String(decoding: value, as: UTF8.self))
        }
    }

    // MARK: JSON Lines

    private mutating func scanLines(into messages: inout [StreamMessage], atEnd: Bool) {
        var index = scanned
        while index < pending.count {
            guard pending[index] == 0x0A else {
                index += 1
                continue
            }
            index += 1
            var end = index - 1
            if end > lineStart, pending[end - 1] == 0x0D { end -= 1 }
            let line = pending[lineStart..<end]
            lineStart = index
            guard line.contains(where: { !Self.isJSONWhitespace($0) }) else { continue }
            messages.append(StreamMessage(raw: take(upTo: index), dataBytes: Array(line)))
        }
        scanned = index
        let last = pending[lineStart...]
        if atEnd, last.contains(where: { !Self.isJSONWhitespace($0) }) {
            var line = last
            if line.last == 0x0D { line.removeLast() }
            messages.append(StreamMessage(raw: take(upTo: pending.count), dataBytes: Array(line)))
            scanned = pending.count
            lineStart = pending.count
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: JSON text sequences

    private mutating func scanSequence(into messages: inout [StreamMessage], atEnd: Bool) {
        var index = scanned
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1E {
                // A separator ends the record before it, complete or not.
                if let start = separator, hasText(from: start + 1, to: index) {
                    emitRecord(to: index, into: &messages)
                }
                separator = index
                index += 1
                continue
            }
            index += 1
            if byte == 0x0A, let start = separator, hasText(from: start + 1, to: index),
               pending[(start + 1)..<index].withContiguousStorageIfAvailable({ JSONValidator.isValid($0) }) ?? false {
                emitRecord(to: index, into: &messages)
                separator = nil
            }
        }
        scanned = index
        if atEnd, let start = separator, hasText(from: start + 1, to: pending.count) {
            emitRecord(to: pending.count, into: &messages)
            separator = nil
        }
    }

    /// Whether `pending[from..<to]` holds more than whitespace.
    private func hasText(from start: Int, to end: Int) -> Bool {
        pending[start..<end].contains { !Self.isJSONWhitespace($0) }
    }

    /// Emits the record assembled since `base` that ends before `end`: its text is what
    /// follows its separator, without the whitespace around it.
    private mutating func emitRecord(to end: Int, into messages: inout [StreamMessage]) {
        guard let start = separator else { return }
        var text = pending[(start + 1)..<end]
        while let first = text.first, Self.isJSONWhitespace(first) { text.removeFirst() }
        while let last = text.last, Self.isJSONWhitespace(last) { text.removeLast() }
        messages.append(StreamMessage(raw: take(upTo: end), dataBytes: Array(text)))
    }
}
