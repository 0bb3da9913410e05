/// A regular expression that always runs in linear time, for user-written rule files.
///
/// Matching walks the text's Unicode scalars once with a ``PikeVM``, so hostile patterns
/// such as `(a+)+b` cannot hang the app. The dialect is a Perl/PCRE subset with
/// leftmost-first priority (`(a|ab)` on `ab` matches `a`); features that need backtracking
/// (backreferences, lookaround, atomic groups, possessive quantifiers) are rejected with a
/// ``RegexSyntaxError``. `^` and `$` match only at the very start and end of the text, and
/// `\d`, `\w`, `\s`, `\b` are ASCII-only.
///
/// Work is bounded twice: a pattern compiles to at most ``RegexCompiler/maxInstructions``
/// instructions, and every operation on a text of n scalars (one match, or a whole
/// replace-all) may take at most ``stepsPerScalar`` × (n + 1) + ``baseSteps`` VM steps, so
/// no pattern can make an operation cost more than linear time in the text. An operation
/// over budget throws ``RegexWorkLimitExceeded`` and changes nothing.
final class SafeRegex: Sendable {
    /// VM steps (a thread advanced, or an instruction followed) an operation may take per scalar.
    static let stepsPerScalar = 256
    /// VM steps every operation may take, whatever the text's length.
    static let baseSteps = 1_000_000

    /// The pattern text as written.
    let pattern: String
    /// Number of capturing groups, named ones included.
    let captureCount: Int
    /// Capture index of each `(?<name>...)` group.
    let groupNames: [String: Int]
    /// Whether matching ignores case (the flag passed in, or a leading `(?i)`).
    let isCaseInsensitive: Bool
    /// The compiled instructions.
    private let program: RegexProgram

    /// Parses and compiles `pattern`, throwing the first syntax problem found.
    init(pattern: String, caseInsensitive: Bool = false) throws(RegexSyntaxError) {
        var parser = RegexParser(pattern: pattern, caseInsensitive: caseInsensitive)
        let root = try parser.parse()
        self.pattern = pattern
        captureCount = parser.captureCount
        groupNames = parser.captureNames
        isCaseInsensitive = parser.caseInsensitive
        program = try RegexCompiler.compile(root, captureCount: parser.captureCount, caseInsensitive: parser.caseInsensitive)
    }

    /// The step budget of one operation on `count` scalars.
    static func budget(for count: Int) -> Int {
        let (product, overflow) = stepsPerScalar.multipliedReportingOverflow(by: count + 1)
        return overflow ? Int.max : product.addingReportingOverflow(baseSteps).partialValue
    }

    /// Whether the regex matches anywhere in `text` (no capture bookkeeping; stops at the first match).
    func matches(_ text: String) throws(RegexWorkLimitExceeded) -> Bool {
        let scalars = Self.scalars(of: text)
        let budget = Self.budget(for: scalars.count)
        let result = scalars.withUnsafeBufferPointer { buffer in
            PikeVM.run(program, captures: false, budget: budget) { vm in
                vm.search(buffer, from: 0, stopAtFirstMatch: true)
            }
        }
        switch result {
        case .match: return true
        case .noMatch: return false
        case .exhausted: throw RegexWorkLimitExceeded(steps: budget, scalars: scalars.count)
        }
    }

    /// The leftmost match in `text` (leftmost-first among alternatives), or `nil`.
    func firstMatch(in text: String) throws(RegexWorkLimitExceeded) -> RegexMatch? {
        let scalars = Self.scalars(of: text)
        let budget = Self.budget(for: scalars.count)
        let result = scalars.withUnsafeBufferPointer { buffer -> (PikeVM.SearchResult, RegexMatch?) in
            PikeVM.run(program, captures: true, budget: budget) { vm in
                let result = vm.search(buffer, from: 0, stopAtFirstMatch: false)
                guard case .match = result else { return (result, nil) }
                var indexer = ScalarIndexer(text)
                return (result, RegexMatch(text: text, slots: vm.captureSlots, groupNames: groupNames, indexer: &indexer))
            }
        }
        if case .exhausted = result.0 { throw RegexWorkLimitExceeded(steps: budget, scalars: scalars.count) }
        return result.1
    }

    /// `text` with every non-overlapping match, left to right, replaced by `replacement(match)`.
    ///
    /// After an empty match the search resumes one scalar further, so `a*` on `baaac` with
    /// `-` gives `-b--c-`, as in Perl.
    ///
    /// Every search resumes where the last match ended, and all of them share one budget,
    /// so the whole replacement is bounded by the text's length. The output is not: each
    /// match may put in a long text, so it stops as soon as the result passes
    /// `maxUTF8Count` bytes and returns nil.
    func replacingMatches(
        in text: String, maxUTF8Count: Int = .max, with replacement: (RegexMatch) -> String
    ) throws(RegexWorkLimitExceeded) -> String? {
        let scalars = Self.scalars(of: text)
        let budget = Self.budget(for: scalars.count)
        var result = ""
        var copied = text.startIndex
        let exhausted = scalars.withUnsafeBufferPointer { buffer -> Bool in
            PikeVM.run(program, captures: true, budget: budget) { vm -> Bool in
                var indexer = ScalarIndexer(text)
                var position = 0
                while position <= buffer.count {
                    switch vm.search(buffer, from: position, stopAtFirstMatch: false) {
                    case .exhausted: return true
                    case .noMatch: return false
                    case .match: break
                    }
                    let slots = vm.captureSlots
                    let match = RegexMatch(text: text, slots: slots, groupNames: groupNames, indexer: &indexer)
                    if result.isEmpty { result.reserveCapacity(text.utf8.count) }
                    result += text[copied..<match.range.lowerBound]
                    result += replacement(match)
                    copied = match.range.upperBound
                    if result.utf8.count > maxUTF8Count { return false }
                    position = slots[1] > slots[0] ? slots[1] : slots[1] + 1
                }
                return false
            }
        }
        if exhausted { throw RegexWorkLimitExceeded(steps: budget, scalars: scalars.count) }
        if copied == text.startIndex && result.isEmpty { return text }
        // Over the limit, the search stopped early: nil, whatever the rest would add.
        guard result.utf8.count <= maxUTF8Count else { return nil }
        result += text[copied...]
        return result.utf8.count > maxUTF8Count ? nil : result
    }

    /// The text's Unicode scalar values.
    private static func scalars(of text: String) -> [UInt32] {
        // An empty text gets a literal empty array: `Array(unsafeUninitializedCapacity: 0)`
        // stores its count into the shared empty-array storage, which ThreadSanitizer reports
        // as a race when two threads do it at once.
        guard !text.isEmpty else { return [] }
        return [UInt32](unsafeUninitializedCapacity: text.utf8.count) { buffer, initialized in
            for scalar in text.unicodeScalars where initialized < buffer.count {
                buffer[initialized] = scalar.value
                initialized += 1
            }
        }
    }
}
