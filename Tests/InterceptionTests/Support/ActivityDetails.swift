import RewriteKit

/// The details of one kind of activity event, or `nil` for another kind: what a test reads
/// of the event it waited for.
extension ActivityEvent {
    var logged: (rule: RuleReference, message: String)? {
        if case .log(let rule, let message) = details { (rule, message) } else { nil }
    }

    var tagged: (rule: RuleReference, name: String)? {
        if case .tag(let rule, let name) = details { (rule, name) } else { nil }
    }

    var bypass: (reason: String, skippedRules: [RuleReference], error: RequestError?)? {
        if case .bypassed(let reason, let skipped, let error) = details { (reason, skipped, error) } else { nil }
    }

    var rulesChange: (summary: String, diagnostics: [Diagnostic])? {
        if case .rulesChanged(let summary, let diagnostics) = details { (summary, diagnostics) } else { nil }
    }

    var unmatched: (summary: String, nearMisses: [NearMiss])? {
        if case .unmatched(let summary, let misses) = details { (summary, misses) } else { nil }
    }

    var degradation: (fact: String, consequence: String)? {
        if case .degraded(let fact, let consequence) = details { (fact, consequence) } else { nil }
    }
}
