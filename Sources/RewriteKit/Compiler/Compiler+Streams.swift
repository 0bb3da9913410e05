/// `stream …` inside `respond { }` (the rule language's v3 streams).
extension Compiler {
    /// `stream file "PATH" …` or `stream { message … }`: a fixture is read and cut into
    /// messages now, once; written messages are checked against the stream's format.
    mutating func compile(_ stream: StreamClause, in respond: RespondClause, groups: Int?) -> CompiledStream {
        let declared = Self.constantContentType(of: respond)
        if let every = stream.every {
            checkDuration(every, clause: "every", limit: Self.delayLimit, limits: "0ms to 1h")
        }
        if let chunk = stream.chunk, !(1...(1 << 30)).contains(chunk.bytes) {
            error(DiagnosticMessages.chunkOutOfRange(chunk.raw), chunk.range)
        }
        var format = declared.flatMap { StreamFormat(contentType: $0) }
        var implied: String?
        let messages: CompiledStream.Messages
        switch stream.source {
        case .file(let path, let range):
            if format == nil, let known = StreamFormat.implied(byFileName: path) {
                format = known.format
                if declared == nil && !Self.setsContentType(respond) { implied = known.contentType }
            }
            messages = .fixed(fixture(path, range: range, format: format))
        case .messages(let written):
            if format == nil { error(DiagnosticMessages.streamWithoutFormat, stream.range) }
            messages = .written(written.map { compile($0, format: format, groups: groups) })
        }
        return CompiledStream(
            format: format, messages: messages, every: stream.every.map(\.seconds),
            chunk: stream.chunk.map { Int(clamping: $0.bytes) },
            failure: stream.failure.map(Self.requestError), impliedContentType: implied)
    }

    /// A fixture's messages: server-sent events with their timing comments; JSON Lines and
    /// JSON sequences with the gaps of a `.timing` file beside them, when there is one.
    private mutating func fixture(_ path: String, range: SourceRange, format: StreamFormat?) -> [StreamFixture.Message] {
        let bytes: [UInt8]
        switch bodyFiles.read(path) {
        case .success(let read): bytes = read
        case .failure(let problem):
            error(problem.message, range)
            return []
        }
        guard let format else { return [StreamFixture.Message(gap: nil, bytes: bytes)] }
        var messages = StreamFixture.messages(of: bytes, format: format)
        guard format != .eventStream else { return messages }
        let timingPath = Self.timingPath(for: path)
        guard case .success(let timing) = bodyFiles.read(timingPath) else { return messages }
        switch StreamFixture.gaps(fromTiming: timing) {
        case .success(let gaps):
            guard gaps.count == messages.count else {
                error(DiagnosticMessages.streamTimingMismatch(timingPath, gaps: gaps.count, messages: messages.count), range)
                return messages
            }
            for index in messages.indices { messages[index].gap = gaps[index] }
        case .failure(let problem):
            error(DiagnosticMessages.streamTimingLine(timingPath, line: problem.line), range)
        }
        return messages
    }

    /// `bodies/001-feed.ndjson` → `bodies/001-feed.timing`.
    static func timingPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return path + ".timing" }
        return String(path[..<dot]) + ".timing"
    }

    private mutating func compile(_ message: StreamClause.Message, format: StreamFormat?, groups: Int?) -> CompiledStream.Message {
        if format != .eventStream, format != nil, let field = message.event ?? message.id {
            error(DiagnosticMessages.streamFieldOutsideEvents, field.range)
        }
        let value = compile(message.value, groups: .known(groups))
        if format == .jsonLines || format == .jsonSequence, case .string(let text) = value, StreamMessageEncoder.hasLineBreak(text) {
            error(DiagnosticMessages.streamMessageLineBreak, message.value.range)
        }
        return CompiledStream.Message(
            event: message.event.map { headerValue($0, groups: groups) },
            id: message.id.map { headerValue($0, groups: groups) }, value: value)
    }

    /// The `Content-Type` a `respond` sets, when it is plain text (not a template).
    private static func constantContentType(of respond: RespondClause) -> String? {
        for header in respond.headers where ASCIICase.lowercased(header.name.displayText) == "content-type" {
            if case .string(let template) = header.value.kind { return template.literalValue }
        }
        return nil
    }

    /// Whether a `respond` sets a `Content-Type` header at all.
    private static func setsContentType(_ respond: RespondClause) -> Bool {
        respond.headers.contains { ASCIICase.lowercased($0.name.displayText) == "content-type" }
    }

    /// `times N` of a message block or reply, checked.
    mutating func messageUses(_ times: (count: Int, range: SourceRange)?) -> Int? {
        guard let times else { return nil }
        if !(1...Self.timesLimit).contains(times.count) {
            error(DiagnosticMessages.messageTimesOutOfRange(times.count, limit: Self.timesLimit), times.range)
        }
        return times.count
    }

    /// Actions a message can take: those on its text and JSON, and the observers.
    static let messageActions: Set<ActionKeyword> = [.wrapJSON, .injectJSON, .removeJSON, .replaceBody, .setBody, .log, .tag]

    /// `response each message [when GUARD] { … }`.
    mutating func compile(
        _ block: MessageBlock, guard guardCondition: CompiledCondition?, groups: Int?, line: Int, sent: Bool = false
    ) -> CompiledMessageBlock {
        var actions: [CompiledAction] = []
        var drops = false
        var delay: Double?
        for item in block.items {
            switch item {
            case .action(let action):
                if !Self.messageActions.contains(action.keyword) {
                    error(
                        DiagnosticMessages.actionNotForMessages(action.name, block: sent ? "request each message" : "response each message"),
                        action.nameRange)
                }
                actions.append(compile(action, groups: groups))
            case .drop:
                drops = true
            case .delay(let duration):
                checkDuration(duration, clause: "delay", limit: Self.delayLimit, limits: "0ms to 1h")
                delay = (delay ?? 0) + duration.seconds
            }
        }
        return CompiledMessageBlock(
            guardCondition: guardCondition, actions: actions, drops: drops, delay: delay, uses: messageUses(block.times), line: line)
    }
}
