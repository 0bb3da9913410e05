import RewriteKit

extension ApplyReport {
    /// The report as `rewrite apply --format json` prints it:
    /// `{request, response | null, failure | null, trace}`, plus `appliedRules`,
    /// `responseSource` and `shaping`.
    var json: JSONValue {
        .object([
            "request": .object([
                "method": .string(request.method),
                "url": .string(request.url.description),
                "headers": Self.json(request.headers),
                "body": request.body.map(Self.json) ?? .null,
            ]),
            "response": response.map { response in
                .object([
                    "status": .int(response.status),
                    "headers": Self.json(response.headers),
                    "body": Self.json(response.body),
                ])
            } ?? .null,
            "failure": failure.map { .object(["code": .int($0.code), "name": .string($0.name)]) } ?? .null,
            "responseSource": .string(sourceName),
            "appliedRules": .array(appliedRules.map(Self.json)),
            "shaping": .object([
                "delay": delay.map(JSONValue.double) ?? .null,
                "throttleBytesPerSecond": throttleBytesPerSecond.map(JSONValue.int) ?? .null,
                "cacheLifetime": cacheLifetime.map(JSONValue.double) ?? .null,
            ]),
            "trace": .array(trace.entries.map(Self.json)),
        ])
    }

    /// `stub`, `given`, `failed` or `none`.
    private var sourceName: String {
        switch source {
        case .stub: "stub"
        case .given: "given"
        case .failed: "failed"
        case .none: "none"
        }
    }

    /// `[[name, value], ...]`, in order.
    private static func json(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { .array([.string($0.name), .string($0.value)]) })
    }

    /// The body as text; a body that is not UTF-8 is shown by its size.
    private static func json(_ body: [UInt8]) -> JSONValue {
        .string(ApplyTextRenderer.utf8Text(body) ?? "(\(body.count) bytes of binary data)")
    }

    private static func json(_ rule: RuleReference) -> JSONValue {
        .object(["name": .string(rule.name), "file": .string(rule.file), "line": .int(rule.line)])
    }

    /// `{rule, phase, line, event, description, ...}` with the event's own fields.
    private static func json(_ entry: TraceEntry) -> JSONValue {
        var members: [String: JSONValue] = [
            "rule": json(entry.rule),
            "phase": .string(entry.phase.rawValue),
            "line": entry.line.map(JSONValue.int) ?? .null,
            "description": .string(entry.description),
        ]
        for (key, value) in eventMembers(entry.event) { members[key] = value }
        return .object(members)
    }

    private static func eventMembers(_ event: TraceEntry.Event) -> [String: JSONValue] {
        switch event {
        case .ruleApplied: return ["event": "applied"]
        case .stopped: return ["event": "stopped"]
        case .changed(let action, let change):
            return ["event": "changed", "action": .string(action), "change": json(change)]
        case .unchanged(let action, let reason):
            return ["event": "unchanged", "action": .string(action), "reason": .string(reason)]
        case .skipped(let action, let reason):
            return ["event": "skipped", "action": .string(action), "reason": .string(reason)]
        case .contentLengthRemoved: return ["event": "contentLengthRemoved"]
        case .missingVariable(let name): return ["event": "missingVariable", "variable": .string(name)]
        case .guardFailed: return ["event": "guardFailed"]
        case .responded(let status): return ["event": "responded", "status": .int(status)]
        case .failed(let code):
            return ["event": "failed", "code": .int(code), "name": .string(URLErrorName.name(of: code))]
        case .log(let message): return ["event": "log", "message": .string(message)]
        case .tag(let name): return ["event": "tag", "tag": .string(name)]
        }
    }

    private static func json(_ change: TraceEntry.Change) -> JSONValue {
        switch change {
        case .header(let name, let before, let after):
            return .object([
                "kind": "header", "name": .string(name),
                "before": .array(before.map(JSONValue.string)), "after": .array(after.map(JSONValue.string)),
            ])
        case .query(let name, let before, let after):
            return .object(["kind": "query", "name": .string(name), "before": .nullable(before), "after": .nullable(after)])
        case .url(let before, let after):
            return .object(["kind": "url", "before": .string(before), "after": .string(after)])
        case .status(let before, let after):
            return .object(["kind": "status", "before": .int(before), "after": .int(after)])
        case .body(let before, let after, let summary):
            return .object([
                "kind": "body", "beforeLength": before.map(JSONValue.int) ?? .null,
                "afterLength": .int(after), "summary": .string(summary),
            ])
        }
    }
}
