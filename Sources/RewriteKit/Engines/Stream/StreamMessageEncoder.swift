/// Writes one message of a stream in its format's wire form, for `message …` in
/// `stream { }`: a server-sent event (`event:` and `id:` lines, then one `data:` line per
/// line of the text, then a blank line), a JSON Lines line, or a JSON text sequence record.
enum StreamMessageEncoder {
    /// The bytes of one message. Line breaks that would end the message early (in an event's
    /// name or id, in a JSON Lines or JSON sequence message) become spaces; a JSON value
    /// (`isJSON`) is written on one line, each line break and the indentation after it
    /// becoming one space (a JSON text has line breaks only between its tokens).
    static func encode(_ text: String, event: String? = nil, id: String? = nil, isJSON: Bool = false, format: StreamFormat) -> [UInt8] {
        let text = isJSON ? joinedLines(text) : text
        switch format {
        case .eventStream:
            var bytes: [UInt8] = []
            if let event { bytes += Array("event: ".utf8) + oneLine(event) + [0x0A] }
            if let id { bytes += Array("id: ".utf8) + oneLine(id) + [0x0A] }
            forEachLine(Array(text.utf8)) { line in bytes += Array("data: ".utf8) + line + [0x0A] }
            return bytes + [0x0A]
        case .jsonLines:
            return oneLine(text) + [0x0A]
        case .jsonSequence:
            return [0x1E] + oneLine(text) + [0x0A]
        }
    }

    /// Whether `text` holds a line break (which a JSON Lines message cannot).
    static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// JSON text on one line: each run of line breaks and the spaces and tabs after it is one space.
    private static func joinedLines(_ text: String) -> String {
        var bytes: [UInt8] = []
        var inBreak = false
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D {
                inBreak = true
            } else if inBreak && (byte == 0x20 || byte == 0x09) {
                continue
            } else {
                if inBreak { bytes.append(0x20) }
                inBreak = false
                bytes.append(byte)
            }
        }
        if inBreak { bytes.append(0x20) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text with CR and LF turned into spaces.
    private static func oneLine(_ text: String) -> [UInt8] {
        oneLine(Array(text.utf8))
    }

    /// The bytes with CR and LF turned into spaces.
    private static func oneLine(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// Calls `body` with each line of `bytes`, split at CRLF, CR or LF (one empty line for
    /// empty text); no array is made, so a one-line message (the usual case) costs a scan.
    private static func forEachLine(_ bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                body(bytes[start..<index])
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        body(bytes[start...])
    }

    /// A message written again around new data (an event's `data`, a JSON text): an
    /// event's other lines (`event`, `id`, `retry`, comments) and line ends are kept, its
    /// `data` lines replaced by the new text's lines where the first stood; a JSON Lines
    /// message keeps the blank lines before it and its line end; a sequence record is
    /// written whole. Line breaks that would end a JSON message early become spaces.
    static func replacingData(of message: StreamMessage, with data: [UInt8], format: StreamFormat) -> [UInt8] {
        switch format {
        case .eventStream:
            return replacingEventData(message.raw, with: data)
        case .jsonLines:
            var end = message.raw.count
            while end > 0, message.raw[end - 1] == 0x0A || message.raw[end - 1] == 0x0D { end -= 1 }
            let start = message.raw[..<end].lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
            let ending = end < message.raw.count ? Array(message.raw[end...]) : [0x0A]
            return Array(message.raw[..<start]) + oneLine(data) + ending
        case .jsonSequence:
            return [0x1E] + oneLine(data) + [0x0A]
        }
    }

    /// An event's lines with its `data` lines replaced.
    private static func replacingEventData(_ raw: [UInt8], with data: [UInt8]) -> [UInt8] {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = raw.starts(with: bom)
        var output: [UInt8] = hasBOM ? bom : []
        var wroteData = false
        var index = hasBOM ? bom.count : 0
        while index < raw.count {
            let end = StreamMessageSplitter.lineEnd(in: raw, from: index)
            var next = end
            if next < raw.count { next += raw[next] == 0x0D && next + 1 < raw.count && raw[next + 1] == 0x0A ? 2 : 1 }
            let content = raw[index..<end]
            let isData = content.elementsEqual("data".utf8) || content.starts(with: "data:".utf8)
            if !isData {
                output += raw[index..<next]
            } else if !wroteData {
                wroteData = true
                let ending = next > end ? raw[end..<next] : [0x0A]
                output.reserveCapacity(raw.count + data.count + 16)
                forEachLine(data) { line in
                    output.append(contentsOf: "data: ".utf8)
                    output.append(contentsOf: line)
                    output.append(contentsOf: ending)
                }
            }
            index = next
        }
        return output
    }
}
