import RewriteKit

/// The `TRACE` section of the `apply` report: each rule that applied, as
/// `"NAME" at FILE:LINE`, then its steps in order, one line each, with what changed.
///
/// A body action's trace entry knows only the sizes and a summary, so the body's text
/// before and after its phase is shown under the phase's last body change.
struct TraceTextRenderer {
    /// Colour, or none.
    let style: TerminalStyle
    /// The report whose trace to show.
    let report: ApplyReport

    /// The section's lines.
    func lines() -> [String] {
        var lines = [style.heading("TRACE")]
        let entries = report.trace.entries
        guard !entries.isEmpty || !report.appliedRules.isEmpty else {
            return lines + ["  no rule applied"]
        }
        var order: [RuleReference] = report.appliedRules
        for entry in entries where !order.contains(entry.rule) { order.append(entry.rule) }
        let lastBodyChange = lastBodyChangeIndices(entries)
        for rule in order {
            lines.append("  " + style.rule("\"\(rule.name)\"") + " at " + style.dim("\(rule.file):\(rule.line)"))
            if !entries.contains(where: { $0.rule == rule && $0.event != .ruleApplied }) {
                // A rule whose work is on the messages shows it there.
                let onMessages = report.messages?.contains { $0.trace.entries.contains { $0.rule == rule } } ?? false
                lines.append("    " + style.dim(onMessages ? "applied (on each message: see MESSAGES)" : "applied (no actions)"))
            }
            for (index, entry) in entries.enumerated() where entry.rule == rule {
                if case .ruleApplied = entry.event { continue }
                let place = entry.line.map { "line \($0)" } ?? ""
                let prefix = "    " + style.dim(pad(entry.phase.rawValue, 9) + pad(place, 9))
                lines.append(prefix + describe(entry.event))
                if lastBodyChange.contains(index) {
                    lines += bodyDiff(phase: entry.phase).map { "    " + String(repeating: " ", count: 18) + $0 }
                }
            }
        }
        return lines
    }

    /// For each phase, the index of its last body change.
    private func lastBodyChangeIndices(_ entries: [TraceEntry]) -> Set<Int> {
        var last: [Phase: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if case .changed(_, .body) = entry.event { last[entry.phase] = index }
        }
        return Set(last.values)
    }

    /// `- before` and `+ after` lines of the body in one phase.
    private func bodyDiff(phase: Phase) -> [String] {
        let (before, after, oldType, newType): ([UInt8]?, [UInt8]?, String?, String?) = switch phase {
        case .request:
            (report.originalRequest.body, report.request.body, report.originalRequest.headers["Content-Type"],
             report.request.headers["Content-Type"])
        case .response:
            (report.originalResponse?.body, report.response?.body, report.originalResponse?.headers["Content-Type"],
             report.response?.headers["Content-Type"])
        }
        let old = before.map { ApplyTextRenderer.bodyText($0, contentType: oldType) } ?? ["(no body)"]
        let new = after.map { ApplyTextRenderer.bodyText($0, contentType: newType) } ?? ["(no body)"]
        return old.map { style.removed("- " + $0) } + new.map { style.added("+ " + $0) }
    }

    private func describe(_ event: TraceEntry.Event) -> String {
        switch event {
        case .ruleApplied: return "applied"
        case .stopped: return "stop: no later rule is considered"
        case .changed(let action, let change): return "\(action) " + describe(change)
        case .unchanged(let action, let reason): return "\(action): " + style.dim("unchanged (\(reason))")
        case .skipped(let action, let reason): return "\(action): " + style.warning("skipped: \(reason)")
        case .contentLengthRemoved: return "Content-Length removed: the body changed"
        case .missingVariable(let name): return style.warning("'${\(name)}' has no value; used an empty string")
        case .guardFailed: return style.dim("response guard did not hold; block skipped")
        case .usedUp(let times): return style.dim("used up: already applied to \(times) request\(times == 1 ? "" : "s") (times \(times)); skipped")
        case .blockUsedUp(let times): return style.dim("used up: already ran on \(times) message\(times == 1 ? "" : "s") (times \(times)); skipped")
        case .limitExceeded(let message): return style.removed("limit reached: \(message)")
        case .responded(let status): return "respond \(status)"
        case .failed(let error): return "fail: " + style.removed(URLErrorName.describe(error))
        case .log(let message): return "log: \(message)"
        case .tag(let name): return "tag \"\(name)\""
        }
    }

    /// `User-Agent: added "ProxyApp/1.0"`, `URL: a → b`, `body: wrapped in "w" (17 → 29 bytes)`.
    private func describe(_ change: TraceEntry.Change) -> String {
        switch change {
        case .header(let name, let before, let after):
            return "\(name): " + transition(before.isEmpty ? nil : quoted(before), after.isEmpty ? nil : quoted(after))
        case .query(let name, let before, let after):
            return "query \(name): " + transition(before.map { "\"\($0)\"" }, after.map { "\"\($0)\"" })
        case .url(let before, let after):
            return "URL: " + transition(before, after)
        case .status(let before, let after):
            return "status: " + transition(String(before), String(after))
        case .body(let before, let after, let summary):
            return "body: \(summary) (\(before.map { "\($0)" } ?? "no body") → \(after) bytes)"
        }
    }

    /// `added "x"`, `removed "x"` or `"a" → "b"`.
    private func transition(_ before: String?, _ after: String?) -> String {
        switch (before, after) {
        case (nil, let after?): return "added " + style.added(after)
        case (let before?, nil): return "removed " + style.removed(before)
        case (let before?, let after?): return style.removed(before) + " → " + style.added(after)
        case (nil, nil): return "(absent)"
        }
    }

    private func quoted(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
