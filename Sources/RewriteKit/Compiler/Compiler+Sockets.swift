import Foundation

/// `socket { … }` inside `respond 101 { }`, and `request each message` blocks.
extension Compiler {
    /// A conversation's script: every step checked now (close codes and reasons, base64,
    /// steps after the end), its templates compiled against the rule's groups.
    mutating func compile(_ socket: SocketClause, in respond: RespondClause, groups: Int?) -> CompiledSocket {
        if respond.status != 101 { error(DiagnosticMessages.socketStatus(respond.status), respond.statusRange) }
        if respond.body != nil || respond.stream != nil { error(DiagnosticMessages.socketWithBody, socket.range) }
        let steps = compile(socket.steps, groups: groups)
        var periodic: [CompiledSocket.Periodic] = []
        for item in socket.periodic {
            checkDuration(item.every, clause: "every", limit: 1...Self.delayLimit.upperBound, limits: "1ms to 1h")
            periodic.append(CompiledSocket.Periodic(seconds: item.every.seconds, message: compile(item.message, groups: groups)))
        }
        var replies: [CompiledSocket.Reply] = []
        for reply in socket.replies {
            var slots = CaptureSlots()
            let compiledGuard = reply.guardCondition.map { compile($0, inResponse: false, slots: &slots) }
            replies.append(CompiledSocket.Reply(
                guardCondition: compiledGuard, steps: compile(reply.steps, groups: groups), uses: messageUses(reply.times), line: reply.range.start.line))
        }
        return CompiledSocket(steps: steps, periodic: periodic, replies: replies, line: socket.range.start.line)
    }

    /// Steps, in order; a step after `close` or `fail` is an error (it would never run).
    private mutating func compile(_ steps: [SocketClause.Step], groups: Int?) -> [CompiledSocket.Step] {
        var compiled: [CompiledSocket.Step] = []
        var ended: String?
        for step in steps {
            if let ended {
                let (word, range) = Self.describe(step)
                error(DiagnosticMessages.socketStepAfterEnd(word, end: ended), range)
            }
            switch step {
            case .message(let message):
                compiled.append(.send(compile(message, groups: groups)))
            case .wait(let duration):
                checkDuration(duration, clause: "wait", limit: Self.delayLimit, limits: "0ms to 1h")
                compiled.append(.wait(duration.seconds))
            case .close(let code, let codeRange, let reason, let reasonRange):
                if !CompiledSocket.sendableCloseCodes.contains(code) { error(DiagnosticMessages.socketCloseCode(code), codeRange) }
                if let reason, let reasonRange, reason.utf8.count > CompiledSocket.closeReasonLimit {
                    error(DiagnosticMessages.socketCloseReason(reason.utf8.count), reasonRange)
                }
                compiled.append(.close(code: code, reason: reason ?? ""))
                ended = ended ?? "close"
            case .fail(let failure):
                compiled.append(.fail(Self.requestError(failure)))
                ended = ended ?? "fail"
            }
        }
        return compiled
    }

    private mutating func compile(_ message: SocketClause.Message, groups: Int?) -> CompiledSocket.Message {
        switch message.kind {
        case .text(let value):
            return .text(compile(value, groups: .known(groups)))
        case .binary(let text, let range):
            guard let bytes = Self.base64(text) else {
                error(DiagnosticMessages.socketBase64, range)
                return .binary([])
            }
            return .binary(bytes)
        }
    }

    /// RFC 4648 base64, padding optional, no line breaks.
    static func base64(_ text: String) -> [UInt8]? {
        var padded = text
        if padded.count % 4 != 0 { padded += String(repeating: "=", count: 4 - padded.count % 4) }
        return Data(base64Encoded: padded).map { [UInt8]($0) }
    }

    private static func describe(_ step: SocketClause.Step) -> (String, SourceRange) {
        switch step {
        case .message(let message): ("message", message.range)
        case .wait(let duration): ("wait", duration.range)
        case .close(_, let range, _, _): ("close", range)
        case .fail(let failure): ("fail", failure.range)
        }
    }
}
