import Foundation

extension Rewriter {
    /// Follows rule files on disk, for live editing while the app runs: the files are
    /// loaded now, before this returns, and again, all of them in order, whenever one
    /// changes; each time they become the rules for requests that start afterwards, and
    /// requests in flight finish under the rules they started with.
    ///
    /// An edit that does not load (a syntax error, a missing file) keeps the rules in
    /// force; its diagnostics go to the observers as a `.rulesChanged` event and to
    /// standard error (Xcode's console) as `FILE:LINE:COLUMN: error: …`. A loaded edit also
    /// sends a `.rulesChanged` event. Files are checked by polling their size and
    /// modification time, which works on every platform.
    ///
    /// Like every way of loading rules from outside the code, this happens only when the
    /// app calls it; keep the call in debug builds:
    ///
    /// ```swift
    /// #if DEBUG
    /// let follower = rewriter.followRuleFiles([URL(fileURLWithPath: "/Users/me/app/Rules/api.rules")])
    /// #endif
    /// ```
    ///
    /// - Parameters:
    ///   - files: the rule files, in priority order; they replace the rewriter's rules.
    ///   - interval: seconds between checks; 0.25 by default.
    /// - Returns: the follower; following stops when it is released or stopped.
    public func followRuleFiles(_ files: [URL], checkingEvery interval: TimeInterval = 0.25) -> RuleFileFollower {
        let follower = RuleFileFollower(files: files) { [weak self] result in
            self?.takeRuleFiles(result, from: files)
        }
        follower.start(interval: interval)
        return follower
    }

    /// Installs reloaded rules, or keeps the current ones and reports why.
    private func takeRuleFiles(_ result: Result<[RuleSet], RuleSetError>, from files: [URL]) {
        let names = files.map(\.path).joined(separator: ", ")
        switch result {
        case .success(let ruleSets):
            let current = pipeline
            pipeline = Pipeline(ruleSets: ruleSets, environment: current.environment)
            let warnings = ruleSets.flatMap(\.warnings)
            let count = ruleSets.reduce(0) { $0 + $1.ruleCount }
            emitRulesChanged("loaded \(count) rule\(count == 1 ? "" : "s") from \(names)", diagnostics: warnings)
        case .failure(let error):
            let count = pipeline.ruleCount
            let kept = count == 0 ? "no rules are in force" : "the \(count) rule\(count == 1 ? "" : "s") in force stay"
            let text = "\(names) did not load, so \(kept):\n\(error.description)"
            FileHandle.standardError.write(Data(("RewriteKit: " + text + "\n").utf8))
            emitRulesChanged(text, diagnostics: error.diagnostics)
        }
    }
}
