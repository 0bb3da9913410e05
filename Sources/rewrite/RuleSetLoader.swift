import RewriteKit

/// Loads the rule files of `rewrite apply` into rule sets, reporting problems the way
/// `check` does: diagnostics (warnings too) on standard error, then a summary line.
enum RuleSetLoader {
    /// The rule sets in the order given, or the exit status after reporting every problem.
    static func load(_ paths: [String]) -> Result<[RuleSet], ExitCode> {
        var ruleSets: [RuleSet] = []
        var diagnostics: [Diagnostic] = []
        var status = ExitCode.success
        var loadedFiles = 0
        for path in paths {
            guard let source = RuleSourceLoader.loadReportingFailure(path) else {
                status = status.combined(with: .usageError)
                continue
            }
            loadedFiles += 1
            let formatter = DiagnosticFormatter(source: source, colored: TerminalStyle.colorsDiagnostics)
            do {
                let ruleSet = try RuleSet(rules: source.text, name: source.name, baseDirectory: source.baseDirectory)
                StandardStream.error.write(formatter.format(ruleSet.warnings))
                diagnostics += ruleSet.warnings
                ruleSets.append(ruleSet)
            } catch {
                let found = (error as? RuleSetError)?.diagnostics ?? []
                if found.isEmpty {
                    StandardStream.error.writeLine("error: \(error)")
                } else {
                    StandardStream.error.write(formatter.format(found))
                    diagnostics += found
                }
                status = status.combined(with: .failure)
            }
        }
        if !diagnostics.isEmpty {
            StandardStream.error.writeLine(DiagnosticFormatter.summary(of: diagnostics, files: loadedFiles))
        }
        return status == .success ? .success(ruleSets) : .failure(status)
    }
}

