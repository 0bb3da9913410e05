/// Rules and their clauses.
extension Compiler {
    /// Limits of the shaping clauses, in milliseconds and bytes per second.
    static let delayLimit: ClosedRange<Int64> = 0...3_600_000
    static let cacheLimit: ClosedRange<Int64> = 1...(30 * 86_400_000)
    static let throttleLimit: ClosedRange<Int64> = 1...(1024 * 1024 * 1024)
    /// The largest `times` count.
    static let timesLimit = 1_000_000_000

    /// Compiles one rule. Its `when` conditions are compiled first, because their regexes
    /// number the groups the rule's templates may use, wherever the clauses are written.
    mutating func compile(_ rule: Rule) -> CompiledRule {
        checkTerminalOrder(rule)
        var whenSlots = CaptureSlots()
        var conditions: [CompiledCondition] = []
        for clause in rule.clauses {
            if case .when(let condition) = clause.kind {
                conditions.append(compile(condition, inResponse: false, slots: &whenSlots))
            }
        }
        checkPendingGroupReferences(available: whenSlots.groups)
        urlSlots = whenSlots.urlSlots
        var captureCount = whenSlots.count
        var requestActions: [CompiledAction] = []
        var responseBlocks: [CompiledResponseBlock] = []
        var messageBlocks: [CompiledMessageBlock] = []
        var sentMessageBlocks: [CompiledMessageBlock] = []
        var terminal: CompiledRule.Terminal?
        var delay: Double?
        var throttle: Int?
        var cache: Double?
        var uses: Int?
        var network: NetworkProfile?
        for clause in rule.clauses {
            switch clause.kind {
            case .when, .stop:
                break
            case .request(let block):
                // The first block's list kept as it is (appending it to an empty list copies it).
                let actions = compile(block, block: "request", groups: whenSlots.groups)
                if requestActions.isEmpty { requestActions = actions } else { requestActions += actions }
            case .response(let guardCondition, let block):
                var slots = whenSlots
                let compiledGuard = guardCondition.map { compile($0, inResponse: true, slots: &slots) }
                checkPendingGroupReferences(available: slots.groups)
                captureCount = max(captureCount, slots.count)
                urlSlots = slots.urlSlots
                defer { urlSlots = whenSlots.urlSlots }
                responseBlocks.append(
                    CompiledResponseBlock(
                        guardCondition: compiledGuard, actions: compile(block, block: "response", groups: slots.groups),
                        line: clause.keywordRange.start.line))
            case .eachMessage(let guardCondition, let block), .eachSentMessage(let guardCondition, let block):
                var slots = whenSlots
                inMessageBlock = true
                let compiledGuard = guardCondition.map { compile($0, inResponse: true, slots: &slots) }
                inMessageBlock = false
                checkPendingGroupReferences(available: slots.groups)
                captureCount = max(captureCount, slots.count)
                urlSlots = slots.urlSlots
                defer { urlSlots = whenSlots.urlSlots }
                let sent = if case .eachSentMessage = clause.kind { true } else { false }
                let compiled = compile(block, guard: compiledGuard, groups: slots.groups, line: clause.keywordRange.start.line, sent: sent)
                if sent { sentMessageBlocks.append(compiled) } else { messageBlocks.append(compiled) }
            case .respond(let respond):
                terminal = .respond(compile(respond, groups: whenSlots.groups))
            case .fail(let failure):
                terminal = .fail(Self.requestError(failure))
            case .delay(let duration):
                checkDuration(duration, clause: "delay", limit: Self.delayLimit, limits: "0ms to 1h")
                delay = duration.seconds
            case .cache(let duration):
                checkDuration(duration, clause: "cache", limit: Self.cacheLimit, limits: "1ms to 720h")
                cache = duration.seconds
            case .throttle(let size):
                if !Self.throttleLimit.contains(size.bytes) {
                    error(DiagnosticMessages.rateOutOfRange(size.raw, limits: "1B/s to 1GB/s"), size.range)
                }
                throttle = Int(clamping: size.bytes)
            case .network(let clause):
                if network != nil { error(DiagnosticMessages.duplicateNetwork, clause.range) }
                network = network ?? compile(clause)
            case .times(let count, let range):
                if uses != nil {
                    error(DiagnosticMessages.duplicateTimes, clause.keywordRange)
                } else if !(1...Self.timesLimit).contains(count) {
                    error(DiagnosticMessages.timesOutOfRange(count, limit: Self.timesLimit), range)
                }
                uses = uses ?? count
            }
        }
        return CompiledRule(
            reference: RuleReference(name: rule.name, file: source.name, line: rule.range.start.line),
            condition: CompiledCondition.conjunction(conditions), captureCount: captureCount,
            requestActions: requestActions, responseBlocks: responseBlocks, messageBlocks: messageBlocks,
            sentMessageBlocks: sentMessageBlocks, terminal: terminal,
            delay: delay, throttleBytesPerSecond: throttle, cacheLifetime: cache, uses: uses, network: network, stops: rule.stops)
    }

    /// A terminal clause (`respond`, `fail`) must be the rule's last, and its only one.
    mutating func checkTerminalOrder(_ rule: Rule) {
        var terminal: RuleClause?
        for clause in rule.clauses {
            if let terminal {
                let here = note(DiagnosticMessages.terminalClauseHere(terminal.keyword), terminal.keywordRange)
                let message = clause.isTerminal
                    ? DiagnosticMessages.duplicateTerminal(clause.keyword, first: terminal.keyword)
                    : DiagnosticMessages.clauseAfterTerminal(clause.keyword, terminal: terminal.keyword)
                error(message, clause.keywordRange, notes: [here])
            } else if clause.isTerminal {
                terminal = clause
            }
        }
    }

    mutating func checkDuration(_ duration: DurationValue, clause: String, limit: ClosedRange<Int64>, limits: String) {
        if !limit.contains(duration.milliseconds) {
            error(DiagnosticMessages.durationOutOfRange(duration.raw, clause: clause, limits: limits), duration.range)
        }
    }

    mutating func checkStatus(_ code: Int, _ range: SourceRange) {
        if !(100...599).contains(code) {
            error(DiagnosticMessages.statusOutOfRange(code), range)
        }
    }

    /// The error of a `fail` clause: a `URLError` code, or a code of the rule's own domain.
    static func requestError(_ failure: FailError) -> RequestError {
        let code: Int
        switch failure.kind {
        case .offline: code = -1009
        case .timeout: code = -1001
        case .cancelled: code = -999
        case .refused: code = -1004
        case .dns: code = -1003
        case .networkLost: code = -1005
        case .code(let number, let domain?): return RequestError(domain: domain, code: number, message: failure.message)
        case .code(let number, nil): code = number
        }
        return RequestError(code: code, message: failure.message)
    }
}
