/// Reads a stream fixture file (`stream file "…"`, or what a recording wrote) into its
/// messages, each with the gap recorded before it.
///
/// In a server-sent events file a comment line `: +120ms` is timing, not content: "send the
/// next event 120 ms after the previous message". It is taken out of the bytes sent. JSON
/// Lines keep their timing in a `.timing` file beside them, one gap in milliseconds per line
/// and message (``gaps(fromTiming:)``). Every byte of the file other than timing lines is in
/// exactly one message, in order: blank lines between messages go with the message after
/// them, and bytes after the last message boundary form a last message.
enum StreamFixture {
    /// One message of a fixture: its exact bytes and, if the file recorded one, the gap in
    /// milliseconds before it.
    struct Message: Sendable, Hashable {
        /// The gap before this message, in milliseconds, when the file gives one.
        var gap: Int?
        /// The message's bytes, as sent.
        var bytes: [UInt8]
    }

    /// The longest recorded gap honoured, in milliseconds (an hour, as `delay`'s limit).
    static let longestGap = 3_600_000

    /// The messages of `bytes` in `format`.
    static func messages(of bytes: [UInt8], format: StreamFormat) -> [Message] {
        switch format {
        case .eventStream: events(bytes)
        case .jsonLines: lines(bytes)
        case .jsonSequence: records(bytes)
        }
    }

    /// The gaps of a `.timing` file, one whole number of milliseconds per line (blank lines
    /// skipped), or the 1-based line that is not one.
    static func gaps(fromTiming bytes: [UInt8]) -> Result<[Int], TimingLineError> {
        var gaps: [Int] = []
        for (number, line) in Self.split(bytes).enumerated() {
            let text = line.filter { $0 != 0x0D && $0 != 0x0A }
            if text.isEmpty { continue }
            guard text.count <= 7, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let gap = Int(String(decoding: text, as: UTF8.self)), gap <= longestGap
            else { return .failure(TimingLineError(line: number + 1)) }
            gaps.append(gap)
        }
        return .success(gaps)
    }

    /// A line of a timing file that is not a gap.
    struct TimingLineError: Error, Hashable {
        /// The 1-based line.
        let line: Int
    }

    /// Lines with their terminators (LF, CRLF or CR), the last one possibly without.
    private static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) {
                lines.append(bytes[start..<index])
                start = index
            }
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// Whether a line (with its terminator) is blank.
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x0D || $0 == 0x0A }
    }

    /// `: +NNNms`: the gap a timing comment gives, or nil for any other line.
    private static func timingGap(_ line: ArraySlice<UInt8>) -> Int? {
        let text = line.prefix { $0 != 0x0D && $0 != 0x0A }
        let prefix: [UInt8] = Array(": +".utf8)
        guard text.count > prefix.count + 2, text.starts(with: prefix), text.suffix(2).elementsEqual("ms".utf8) else { return nil }
        let digits = text.dropFirst(prefix.count).dropLast(2)
        guard digits.count <= 7, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self)).map { min($0, longestGap) }
    }

    /// Server-sent events: a message is its lines up to and including the blank line that
    /// ends it; timing comments are dropped and give the next message's gap.
    private static func events(_ bytes: [UInt8]) -> [Message] {
        // A leading byte order mark stays with the first message's bytes.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasBOM = bytes.starts(with: bom)
        var messages: [Message] = []
        var current: [UInt8] = hasBOM ? bom : []
        var hasContent = false
        var gap: Int?
        var currentGap: Int?
        for line in split(hasBOM ? Array(bytes.dropFirst(bom.count)) : bytes) {
            if let recorded = timingGap(line) {
                gap = recorded
                continue
            }
            current += line
            if isBlank(line) {
                guard hasContent else { continue }
                messages.append(Message(gap: currentGap, bytes: current))
                current = []
                hasContent = false
                currentGap = nil
            } else if !hasContent {
                hasContent = true
                currentGap = gap
                gap = nil
            }
        }
        if !current.isEmpty { messages.append(Message(gap: hasContent ? currentGap : gap, bytes: current)) }
        return messages
    }

    /// JSON Lines: one message per line that is not blank; blank lines go with the next.
    private static func lines(_ bytes: [UInt8]) -> [Message] {
        var messages: [Message] = []
        var current: [UInt8] = []
        for line in split(bytes) {
            current += line
            if !isBlank(line) {
                messages.append(Message(gap: nil, bytes: current))
                current = []
            }
        }
        if !current.isEmpty {
            if messages.isEmpty { messages.append(Message(gap: nil, bytes: current)) } else { messages[messages.count - 1].bytes += current }
        }
        return messages
    }

    /// JSON text sequences: a message starts at each record separator (0x1E).
    private static func records(_ bytes: [UInt8]) -> [Message] {
        var messages: [Message] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x1E && index > start {
            messages.append(Message(gap: nil, bytes: Array(bytes[start..<index])))
            start = index
        }
        if start < bytes.count { messages.append(Message(gap: nil, bytes: Array(bytes[start...]))) }
        return messages
    }
}
