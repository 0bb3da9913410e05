/// Semantic checks on a parsed rule file: everything that is well-formed but wrong.
///
/// The checker walks the whole tree once and reports every problem it finds; it never
/// stops at the first.
struct Checker {
    let source: SourceFile
    var diagnostics: [Diagnostic] = []

    init(source: SourceFile) {
        self.source = source
    }

    /// Checks a rule file and returns its diagnostics.
    static func check(_ file: RuleFile, in source: SourceFile) -> [Diagnostic] {
        var checker = Checker(source: source)
        checker.check(file)
        return checker.diagnostics
    }

    mutating func error(_ message: String, _ range: SourceRange, notes: [Diagnostic.Note] = [], fixIt: Diagnostic.FixIt? = nil) {
        diagnostics.append(
            Diagnostic(severity: .error, file: source.name, range: range, message: message, notes: notes, fixIt: fixIt))
    }

    mutating func warning(_ message: String, _ range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(severity: .warning, file: source.name, range: range, message: message, notes: notes))
    }

    mutating func check(_ file: RuleFile) {
        var firstByName: [String: Rule] = [:]
        var stoppingRules: [Rule] = []
        for rule in file.rules {
            if let first = firstByName[rule.name] {
                error(
                    DiagnosticMessages.duplicateRule(rule.name), rule.nameRange,
                    notes: [Diagnostic.Note(message: DiagnosticMessages.firstRuleNamed(rule.name), range: first.nameRange)])
            } else {
                firstByName[rule.name] = rule
            }
            checkUnreachable(rule, after: stoppingRules)
            check(rule)
            if rule.stops { stoppingRules.append(rule) }
        }
    }

    /// Warns when an earlier `stop` rule matches everything `rule` matches.
    mutating func checkUnreachable(_ rule: Rule, after stoppingRules: [Rule]) {
        guard !stoppingRules.isEmpty else { return }
        let terms = rule.conditions.flatMap(\.conjuncts)
        for earlier in stoppingRules {
            let earlierTerms = earlier.conditions.flatMap(\.conjuncts)
            let covered = earlierTerms.allSatisfy { term in terms.contains { $0.isStructurallyEqual(to: term) } }
            guard covered else { continue }
            let stopRange = earlier.clauses.first { $0.kind == .stop }?.range ?? earlier.nameRange
            warning(
                DiagnosticMessages.unreachableRule(rule.name, shadowedBy: earlier.name), rule.nameRange,
                notes: [Diagnostic.Note(message: DiagnosticMessages.stoppingRuleHere(earlier.name), range: stopRange)])
            return
        }
    }

    mutating func check(_ rule: Rule) {
        var terminal: RuleClause?
        for clause in rule.clauses {
            if let terminal {
                let note = Diagnostic.Note(
                    message: DiagnosticMessages.terminalClauseHere(terminal.keyword), range: terminal.keywordRange)
                if clause.isTerminal {
                    error(
                        DiagnosticMessages.duplicateTerminal(clause.keyword, first: terminal.keyword),
                        clause.keywordRange, notes: [note])
                } else {
                    error(
                        DiagnosticMessages.clauseAfterTerminal(clause.keyword, terminal: terminal.keyword),
                        clause.keywordRange, notes: [note])
                }
            } else if clause.isTerminal {
                terminal = clause
            }
        }
        let groups = captureGroups(in: rule.conditions)
        for clause in rule.clauses {
            check(clause, groups: groups)
        }
    }

    mutating func check(_ clause: RuleClause, groups: Int?) {
        switch clause.kind {
        case .when(let condition):
            check(condition, inResponse: false, groups: groups)
        case .request(let block):
            check(block, groups: groups)
        case .response(let guardCondition, let block):
            var blockGroups = groups
            if let guardCondition {
                check(guardCondition, inResponse: true, groups: groups)
                // Guard groups are numbered after the rule's `when` groups.
                if let whenGroups = groups, let guardGroups = captureGroups(in: [guardCondition]) {
                    blockGroups = whenGroups + guardGroups
                } else {
                    blockGroups = nil
                }
            }
            check(block, groups: blockGroups)
        case .respond(let respond):
            checkStatus(respond.status, respond.statusRange)
            for header in respond.headers {
                checkHeader(name: header.name, value: header.value, computedWarning: true, groups: groups)
            }
            if let body = respond.body { check(body, groups: groups) }
        case .fail:
            break
        case .delay(let duration):
            checkDuration(duration, clause: "delay", maximum: 3_600_000, minimum: 0, limits: "0ms to 1h")
        case .cache(let duration):
            checkDuration(duration, clause: "cache", maximum: 30 * 86_400_000, minimum: 1, limits: "1ms to 720h")
        case .throttle(let size):
            if size.bytes < 1 || size.bytes > 1024 * 1024 * 1024 {
                error(DiagnosticMessages.sizeOutOfRange(size.raw, limits: "1B/s to 1GB/s"), size.range)
            }
        case .stop:
            break
        }
    }

    mutating func checkDuration(_ duration: DurationValue, clause: String, maximum: Int64, minimum: Int64, limits: String) {
        if duration.milliseconds < minimum || duration.milliseconds > maximum {
            error(DiagnosticMessages.durationOutOfRange(duration.raw, clause: clause, limits: limits), duration.range)
        }
    }

    mutating func checkStatus(_ code: Int, _ range: SourceRange) {
        if !(100...599).contains(code) {
            error(DiagnosticMessages.statusOutOfRange(code), range)
        }
    }
}
