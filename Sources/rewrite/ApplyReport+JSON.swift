import RewriteKit

extension ApplyReport {
    /// The report as `rewrite apply --format json` prints it:
    /// `{request, response | null, failure | null, trace}`, plus `appliedRules`,
    /// `responseSource` and `shaping`.
    var json: [String: Any] {
        [
            "request": [
                "method": request.method,
                "url": request.url.description,
                "headers": Self.json(request.headers),
                "body": JSONOutput.nullable(request.body.map(Self.json)),
            ] as [String: Any],
            "response": JSONOutput.nullable(response.map { response in
                ["status": response.status, "headers": Self.json(response.headers), "body": Self.json(response.body)] as [String: Any]
            }),
            "failure": JSONOutput.nullable(failure.map { URLErrorName.json($0) as [String: Any] }),
            "responseSource": sourceName,
            "appliedRules": appliedRules.map(Self.json),
            "shaping": [
                "delay": JSONOutput.nullable(delay),
                "throttleBytesPerSecond": JSONOutput.nullable(throttleBytesPerSecond),
                "cacheLifetime": JSONOutput.nullable(cacheLifetime),
                "network": JSONOutput.nullable(network),
            ],
            "trace": trace.entries.map(Self.json),
        ]
        .merging(nearMisses.map { ["explain": $0.map(Self.json)] } ?? [:]) { $1 }
        .merging(messages.map { ["messages": $0.map(Self.json)] } ?? [:]) { $1 }
        .merging(messageGuards.map { guards in
            ["explainMessages": guards.map { ["rule": Self.json($0.rule), "condition": $0.condition, "line": $0.line, "held": $0.held, "messages": $0.messages] as [String: Any] }]
        } ?? [:]) { $1 }
    }

    /// `{before, after | null (dropped), changed, delay}`, and for a WebSocket message its
    /// `direction` (`sent` by the app or `received`).
    private static func json(_ message: MessageRewrite) -> [String: Any] {
        var json: [String: Any] = [
            "before": message.before, "after": JSONOutput.nullable(message.after), "changed": message.changed,
            "delay": message.delay,
        ]
        if let sent = message.sent { json["direction"] = sent ? "sent" : "received" }
        return json
    }

    /// `{rule, held, conditions: [{condition, held, actual}]}`.
    private static func json(_ miss: NearMiss) -> [String: Any] {
        [
            "rule": json(miss.rule),
            "held": miss.heldCount,
            "conditions": miss.checks.map { check in
                ["condition": check.condition, "held": check.held, "actual": JSONOutput.nullable(check.actual)] as [String: Any]
            },
        ]
    }

    /// `stub`, `given`, `recorded` (from `--har`), `failed` or `none`.
    private var sourceName: String {
        switch source {
        case .stub: "stub"
        case .given: "given"
        case .recorded: "recorded"
        case .failed: "failed"
        case .none: "none"
        }
    }

    /// `[[name, value], ...]`, in order.
    private static func json(_ headers: HTTPHeaders) -> [[String]] {
        headers.map { [$0.name, $0.value] }
    }

    /// The body as text; a body that is not UTF-8 is shown by its size.
    private static func json(_ body: [UInt8]) -> String {
        ApplyTextRenderer.utf8Text(body) ?? "(\(body.count) bytes of binary data)"
    }

    private static func json(_ rule: RuleReference) -> [String: Any] {
        ["name": rule.name, "file": rule.file, "line": rule.line]
    }

    /// `{rule, phase, line, event, description, ...}` with the event's own fields.
    private static func json(_ entry: TraceEntry) -> [String: Any] {
        var members: [String: Any] = [
            "rule": json(entry.rule),
            "phase": entry.phase.rawValue,
            "line": JSONOutput.nullable(entry.line),
            "description": entry.description,
        ]
        for (key, value) in eventMembers(entry.event) { members[key] = value }
        return members
    }

    private static func eventMembers(_ event: TraceEntry.Event) -> [String: Any] {
        switch event {
        case .ruleApplied: return ["event": "applied"]
        case .stopped: return ["event": "stopped"]
        case .changed(let action, let change): return ["event": "changed", "action": action, "change": json(change)]
        case .unchanged(let action, let reason): return ["event": "unchanged", "action": action, "reason": reason]
        case .skipped(let action, let reason): return ["event": "skipped", "action": action, "reason": reason]
        case .contentLengthRemoved: return ["event": "contentLengthRemoved"]
        case .missingVariable(let name): return ["event": "missingVariable", "variable": name]
        case .guardFailed: return ["event": "guardFailed"]
        case .usedUp(let times): return ["event": "usedUp", "times": times]
        case .blockUsedUp(let times): return ["event": "blockUsedUp", "times": times]
        case .limitExceeded(let message): return ["event": "limitExceeded", "message": message]
        case .responded(let status): return ["event": "responded", "status": status]
        case .failed(let error): return URLErrorName.json(error).merging(["event": "failed"]) { $1 }
        case .log(let message): return ["event": "log", "message": message]
        case .tag(let name): return ["event": "tag", "tag": name]
        }
    }

    private static func json(_ change: TraceEntry.Change) -> [String: Any] {
        switch change {
        case .header(let name, let before, let after):
            return ["kind": "header", "name": name, "before": before, "after": after]
        case .query(let name, let before, let after):
            return ["kind": "query", "name": name, "before": JSONOutput.nullable(before), "after": JSONOutput.nullable(after)]
        case .url(let before, let after):
            return ["kind": "url", "before": before, "after": after]
        case .status(let before, let after):
            return ["kind": "status", "before": before, "after": after]
        case .body(let before, let after, let summary):
            return ["kind": "body", "beforeLength": JSONOutput.nullable(before), "afterLength": after, "summary": summary]
        }
    }
}
