/// A `when` condition or `response when` guard, ready to evaluate.
///
/// Operands inside `and` are ordered cheapest first, so the common "this rule does not
/// apply" answer comes from a string comparison rather than a regex or a JSON lookup.
/// `or` keeps its written order. Regexes and globs are compiled once, here.
enum CompiledCondition: Sendable {
    /// One test.
    case test(CompiledTest)
    /// Every operand must hold (evaluated in array order, cheapest first).
    case and([CompiledCondition])
    /// One operand must hold (evaluated in written order).
    case or([CompiledCondition])
    /// The operand must not hold (the only boxed case: tests and arrays stay inline).
    indirect case not(CompiledCondition)

    /// A relative estimate of the work evaluation takes.
    var cost: Int {
        switch self {
        case .test(let test): test.cost
        case .and(let operands), .or(let operands): operands.reduce(0) { $0 + $1.cost }
        case .not(let operand): operand.cost
        }
    }

    /// Whether evaluation reads the body (``CompiledTest/readsBody``).
    var readsBodyOutsideParts: Bool {
        switch self {
        case .test(let test): test.readsBodyOutsideParts
        case .and(let operands), .or(let operands): operands.contains { $0.readsBodyOutsideParts }
        case .not(let operand): operand.readsBodyOutsideParts
        }
    }

    /// Whether evaluating the condition reads the body.
    var readsBody: Bool {
        switch self {
        case .test(let test): test.readsBody
        case .and(let operands), .or(let operands): operands.contains { $0.readsBody }
        case .not(let operand): operand.readsBody
        }
    }

    /// Joins conditions with `and`, cheapest first; `nil` when there are none.
    ///
    /// Sorting is stable, so equally cheap tests keep their written order. Reordering
    /// never changes the result: every operand of an `and` that holds was evaluated, so
    /// its regex groups are all filled whatever the order; tests that render a group
    /// (``CompiledTest/readsCaptures``) sort last, after the regexes that fill it.
    static func conjunction(_ operands: [CompiledCondition]) -> CompiledCondition? {
        var flat: [CompiledCondition]
        if operands.count == 1, case .and(let inner) = operands[0] {
            // One `when` whose condition is already an `and`: its list as it is.
            flat = inner
        } else {
            flat = []
            flat.reserveCapacity(operands.count)
            for operand in operands {
                if case .and(let inner) = operand { flat += inner } else { flat.append(operand) }
            }
        }
        guard flat.count > 1 else { return flat.first }
        if flat.count == 2 {
            // Two tests (the usual `and`): in order unless the second costs less.
            return flat[1].cost < flat[0].cost ? .and([flat[1], flat[0]]) : .and(flat)
        }
        // Each cost once (it walks the operand); most rules are already in order.
        let costs = flat.map(\.cost)
        if zip(costs, costs.dropFirst()).allSatisfy({ $0 <= $1 }) { return .and(flat) }
        let order = costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] < costs[$1] : $0 < $1 }
        return .and(order.map { flat[$0] })
    }
}

extension CompiledCondition {
    /// The condition as a rule would write it (`path == "/v1/users"`), for near misses.
    var text: String {
        switch self {
        case .test(let test): test.text
        case .and(let operands): "(" + operands.map(\.text).joined(separator: " and ") + ")"
        case .or(let operands): "(" + operands.map(\.text).joined(separator: " or ") + ")"
        case .not(let operand): "not " + operand.text
        }
    }

    /// The operands of a top-level `and`, or the condition itself.
    var conjuncts: [CompiledCondition] {
        if case .and(let operands) = self { return operands }
        return [self]
    }
}
