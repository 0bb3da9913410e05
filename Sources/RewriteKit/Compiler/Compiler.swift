import Foundation

/// Turns a checked syntax tree into compiled rules: conditions ordered cheapest first,
/// regexes and globs compiled once, JSON paths parsed, `body file` contents read.
///
/// The checker has already reported what is wrong with the text; the compiler reports
/// only what it finds on its own (a regex the engine refuses, a file that cannot be read).
struct Compiler {
    /// The file the rules come from: its display name and its folder for `body file`.
    let source: SourceFile
    /// Problems found while compiling.
    private(set) var diagnostics: [Diagnostic] = []

    init(source: SourceFile) {
        self.source = source
    }

    /// Compiles every rule, in file order.
    mutating func compile(_ file: RuleFile) -> [CompiledRule] {
        file.rules.map { compile($0) }
    }

    /// Compiles one rule.
    mutating func compile(_ rule: Rule) -> CompiledRule {
        var slots = 0
        var conditions: [CompiledCondition] = []
        for condition in rule.conditions {
            conditions.append(compile(condition, slots: &slots))
        }
        var requestActions: [CompiledAction] = []
        var responseBlocks: [CompiledResponseBlock] = []
        var terminal: CompiledRule.Terminal?
        var delay: Double?
        var throttle: Int?
        var cache: Double?
        var guarded: [(Condition?, ActionBlock, Int)] = []
        for clause in rule.clauses {
            switch clause.kind {
            case .when, .stop: break
            case .request(let block): requestActions += block.actions.map { compile($0) }
            case .response(let guardCondition, let block): guarded.append((guardCondition, block, clause.keywordRange.start.line))
            case .respond(let respond): terminal = .respond(compile(respond))
            case .fail(let error): terminal = .fail(code: Self.urlErrorCode(error.kind))
            case .delay(let duration): delay = duration.seconds
            case .throttle(let size): throttle = Int(clamping: size.bytes)
            case .cache(let duration): cache = duration.seconds
            }
        }
        // Guards' regex groups continue the numbering after the `when` conditions'.
        for (guardCondition, block, line) in guarded {
            let compiledGuard = guardCondition.map { compile($0, slots: &slots) }
            responseBlocks.append(CompiledResponseBlock(guardCondition: compiledGuard, actions: block.actions.map { compile($0) }, line: line))
        }
        return CompiledRule(
            reference: RuleReference(name: rule.name, file: source.name, line: rule.range.start.line),
            condition: CompiledCondition.conjunction(conditions), captureCount: slots,
            requestActions: requestActions, responseBlocks: responseBlocks, terminal: terminal,
            delay: delay, throttleBytesPerSecond: throttle, cacheLifetime: cache, stops: rule.stops,
            indexKey: RuleIndex.Key.key(for: rule))
    }

    /// The `URLError` code of a `fail` clause.
    static func urlErrorCode(_ kind: FailError.Kind) -> Int {
        switch kind {
        case .offline: -1009
        case .timeout: -1001
        case .cancelled: -999
        case .refused: -1004
        case .dns: -1003
        case .code(let code): code
        }
    }

    /// Compiles a condition; regexes take their group slots in source order.
    mutating func compile(_ condition: Condition, slots: inout Int) -> CompiledCondition {
        switch condition.kind {
        case .test(let test): return .test(compile(test, slots: &slots))
        case .and: return CompiledCondition.conjunction(condition.conjuncts.map { compile($0, slots: &slots) }) ?? .and([])
        case .or(let lhs, let rhs):
            var operands: [CompiledCondition] = []
            for operand in [lhs, rhs] {
                let compiled = compile(operand, slots: &slots)
                if case .or(let inner) = compiled { operands += inner } else { operands.append(compiled) }
            }
            return .or(operands)
        case .not(let operand): return .not(compile(operand, slots: &slots))
        }
    }

    /// Reports a problem at a range.
    mutating func report(_ message: String, at range: SourceRange) {
        diagnostics.append(Diagnostic(severity: .error, file: source.name, range: range, message: message))
    }
}
