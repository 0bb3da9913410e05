import RewriteKit

extension Pipeline {
    /// The least a request phase that applies one JSON edit can do:
    /// the index's look-up, `edit` by the JSON engine, the request copied with the edited
    /// body, a trace of two entries (the rule applied, the body changed) and the outcome.
    /// No condition is tested (the first candidate is taken as applying) and no action is
    /// dispatched, so the benchmark can set a real run beside the floor any run stands on:
    /// what the pipeline's run adds beyond this is what its generality costs.
    ///
    /// The first candidate's rule must be the one whose action `edit` is; the outcome is
    /// the request unchanged when there is no candidate or the edit does not apply.
    func leastRun(_ request: HTTPRequest, edit: JSONEngineEdit) -> RequestOutcome {
        let candidates = index.candidates(for: request)
        guard let first = candidates.first, let body = request.body, let edited = edit(body) else {
            return RequestOutcome(forwarding: request, trace: Trace())
        }
        let rule = rules[Int(first)].reference
        var changed = request
        changed.body = edited
        var trace = Trace()
        trace.append(TraceEntry(rule: rule, phase: .request, line: rule.line, event: .ruleApplied))
        let change = TraceEntry.Change.body(beforeLength: body.count, afterLength: edited.count, summary: edit.actionName)
        trace.append(TraceEntry(rule: rule, phase: .request, line: rule.line, event: .changed(action: edit.actionName, change: change)))
        return RequestOutcome(forwarding: changed, trace: trace)
    }
}
