/// Finds rules that can never apply because an earlier `stop` rule matches everything they
/// match: the earlier rule's `and`ed terms are a subset of the later rule's.
///
/// Terms are compared by their canonical text (structure, ignoring positions). Each
/// stopping rule is filed under its rarest term, so checking a rule looks only at stopping
/// rules filed under one of its own terms, at most ``candidateLimit`` of them: the analysis
/// stays linear in the file however many rules stop, and the warning is advisory.
struct ShadowAnalysis {
    /// The most stopping rules one rule is compared with.
    static let candidateLimit = 64

    /// A stopping rule, as the warning names it.
    struct Stopper: Sendable {
        /// The rule's name.
        let name: String
        /// Where its `stop` is.
        let stopRange: SourceRange
    }

    private var stoppers: [(rule: Stopper, terms: Set<String>)] = []
    private var stoppersByTerm: [String: [Int]] = [:]
    private var unconditionalStopper: Stopper?

    /// The earliest stopping rule before `rule` that shadows it, if any; then files
    /// `rule` if it stops (a `times` rule stops only until it is used up). The rule's
    /// terms are worked out once, and only when there is something to compare or file.
    mutating func check(_ rule: Rule) -> Stopper? {
        check(filing: Self.stopper(of: rule)) { Self.terms(of: rule) }
    }

    /// ``check(_:)`` for a rule whose syntax is gone: `stopper` is the rule when it files
    /// (see ``stopper(of:)``), and `terms` is called only when ``comparesTerms`` or
    /// `stopper` is set.
    mutating func check(filing stopper: Stopper?, terms: () -> Set<String>) -> Stopper? {
        let compares = comparesTerms
        guard stopper != nil || compares else { return unconditionalStopper }
        let terms = terms()
        let earlier = unconditionalStopper ?? (compares ? earliestStopper(within: terms) : nil)
        if let stopper { file(stopper, terms: terms) }
        return earlier
    }

    /// Whether checking a rule that does not stop compares its terms: some stopping rule with
    /// conditions came before, and no unconditional one.
    var comparesTerms: Bool { unconditionalStopper == nil && !stoppers.isEmpty }

    /// The rule as the stopper it files as, when it stops and is not counted.
    static func stopper(of rule: Rule) -> Stopper? {
        guard rule.stops, !rule.isCounted else { return nil }
        return Stopper(name: rule.name, stopRange: rule.clauses.first(where: \.isStop)?.range ?? rule.nameRange)
    }

    /// The earliest stopping rule filed under one of `terms` whose terms are all in `terms`.
    private func earliestStopper(within terms: Set<String>) -> Stopper? {
        var earliest: Int?
        var compared = 0
        for term in terms {
            for index in stoppersByTerm[term] ?? [] {
                guard compared < Self.candidateLimit else { break }
                compared += 1
                if index < (earliest ?? Int.max), stoppers[index].terms.isSubset(of: terms) { earliest = index }
            }
        }
        return earliest.map { stoppers[$0].rule }
    }

    /// Files a stopping rule under its rarest term (an unconditional one stands apart).
    private mutating func file(_ stopper: Stopper, terms: Set<String>) {
        guard let rarest = terms.min(by: { (stoppersByTerm[$0]?.count ?? 0, $0) < (stoppersByTerm[$1]?.count ?? 0, $1) }) else {
            if unconditionalStopper == nil { unconditionalStopper = stopper }
            return
        }
        stoppersByTerm[rarest, default: []].append(stoppers.count)
        stoppers.append((stopper, terms))
    }

    /// The canonical texts of the terms every `when` of the rule `and`s together.
    static func terms(of rule: Rule) -> Set<String> {
        var terms = Set<String>()
        for condition in rule.conditions {
            for conjunct in condition.conjuncts { terms.insert(canonicalText(conjunct)) }
        }
        return terms
    }

    /// A text equal for two conditions exactly when they have the same structure and values.
    /// Recursion follows parentheses and `not`, which the parser limits in depth.
    static func canonicalText(_ condition: Condition) -> String {
        switch condition.kind {
        case .and(let operands): "(and " + operands.map(canonicalText).joined(separator: " ") + ")"
        case .or(let operands): "(or " + operands.map(canonicalText).joined(separator: " ") + ")"
        case .not(let operand): "(not " + canonicalText(operand) + ")"
        case .test(let test):
            "(" + subjectText(test.subject) + " " + test.op.rawValue + (test.value.map { " " + canonicalText($0) } ?? "") + ")"
        }
    }

    /// The subject's keyword and argument; no reflection (interpolating an enum case
    /// reads its name through `Mirror`, which cost a third of `rewrite check`'s time).
    private static func subjectText(_ subject: ConditionSubject) -> String {
        switch subject.kind {
        case .query(let name): "query" + counted(name)
        case .header(let name): "header" + counted(ASCIICase.lowercased(name))
        case .json(let path): "json" + counted(path)
        default: subject.keyword
        }
    }

    private static func canonicalText(_ value: Value) -> String {
        switch value.kind {
        case .string(let template): "s" + counted(template.displayText)
        case .number(let number, _): "n\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .regex(let regex): "r" + counted(regex.pattern) + (regex.caseInsensitive ? "i" : "")
        case .list(let values): "[" + values.map(canonicalText).joined(separator: ",") + "]"
        case .range(let range): "\(range.low)..\(range.high)"
        case .duration(let duration): "d\(duration.milliseconds)"
        case .size(let size): "z\(size.bytes)"
        case .json(let literal): "j" + counted(literal.text)
        case .call(let call): "\(call.rawValue)()"
        case .word(let word): "w" + counted(word)
        }
    }

    /// Text with its length in front, so that no two texts run together.
    private static func counted(_ text: String) -> String {
        "\(text.utf8.count):\(text)"
    }
}
