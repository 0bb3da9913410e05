import Foundation

/// Large files compiled in parts, one per processor.
extension Compiler {
    /// The least text per part: smaller files are compiled as a whole, where starting
    /// threads would cost more than it saves.
    static let bytesPerPart = 256 * 1024

    /// What one part of a file compiles to, kept until the parts are put together.
    struct PartResult: Sendable {
        /// The part's rules, compiled, in file order.
        var rules: [CompiledRule] = []
        /// What the checks that span rules need of each rule, in the same order.
        var summaries: [Summary] = []
        /// What the compiler reported about the part's rules, in the order it found them.
        var diagnostics: [Diagnostic] = []
        /// Whether the part was read as the whole file's parse reads it: neither the lexer
        /// nor the parser reported anything.
        var readAlone = true
    }

    /// What the checks that span rules (duplicate names, shadowing) need of a rule whose
    /// syntax is gone.
    struct Summary: Sendable {
        let name: String
        /// `name.hashValue`, worked out on the part's thread: the serial check for
        /// duplicate names then hashes nothing.
        let nameHash: Int
        let nameRange: SourceRange
        /// The rule as a stopper, when it stops.
        let stopper: ShadowAnalysis.Stopper?
        /// The rule's terms, when they were worked out (see ``compilePart(_:_:termsForEveryRule:)``).
        let terms: Set<String>?
    }

    /// Compiles a large file in parts at once, each part on its own thread, then runs the
    /// checks that span rules over the parts' rules in file order. Returns `nil` (compile the
    /// file as a whole) when the file is small or cannot be split, or when the lexer or the
    /// parser reported anything in a part: a part may begin inside a literal or an unclosed
    /// rule (see ``FilePart``), and only the whole file's parse words such problems as the
    /// user must see them. When they reported nothing, every part began where the whole
    /// file's parse is between rules, so each rule is parsed and compiled exactly as in
    /// ``compileAsWhole(_:)``: the compiler's own errors and warnings about a rule are kept.
    ///
    /// `count` is how many parts at most: by default one per processor, fewer when a part
    /// would be under ``bytesPerPart``.
    static func compileInParts(_ source: SourceFile, into count: Int? = nil) -> Compilation? {
        let count = count ?? min(ProcessInfo.processInfo.activeProcessorCount, source.bytes.count / bytesPerPart)
        guard count > 1 else { return nil }
        let parts = FilePart.split(source, into: count)
        guard parts.count > 1 else { return nil }
        // A rule's terms are needed only after some rule that stops; a later part cannot know
        // whether an earlier one had such a rule, unless the file never says `stop`.
        let mayStop = mentionsStop(source.bytes)
        let compiled = ParallelSlices.map(parts.count) { index in
            compilePart(source, parts[index], termsForEveryRule: index > 0 && mayStop)
        }
        guard compiled.allSatisfy(\.readAlone) else { return nil }

        var compiler = Compiler(source: source)
        let ruleCount = compiled.reduce(0) { $0 + $1.rules.count }
        var rules: [CompiledRule] = []
        rules.reserveCapacity(ruleCount)
        var shadows = ShadowAnalysis()
        var names = NameSlots(count: ruleCount)
        var termsMissing = false
        for (partIndex, part) in compiled.enumerated() {
            for index in part.summaries.indices {
                let summary = part.summaries[index]
                if let first = names.file(partIndex, index, of: compiled) {
                    compiler.reportDuplicate(summary.name, at: summary.nameRange, first: first)
                }
                let earlier = shadows.check(filing: summary.stopper) {
                    if summary.terms == nil { termsMissing = true }
                    return summary.terms ?? []
                }
                compiler.reportShadowing(earlier, of: summary.name, at: summary.nameRange)
            }
            rules += part.rules
        }
        // Never expected: a rule's terms were needed but not worked out.
        guard !termsMissing else { return nil }
        // The checks that span rules report before a rule's own diagnostics, as in one pass:
        // at the same position, theirs come first.
        return Compilation(rules: rules, diagnostics: sortedByPosition([compiler.diagnostics] + compiled.map(\.diagnostics)))
    }

    /// The first rule of each name among the parts' summaries: an open-addressing table of
    /// (part, index) pairs, twice the rules' count, probed by the hash each part worked out
    /// on its own thread, so that the serial check of a hundred thousand names hashes none.
    struct NameSlots {
        private var slots: [Int64]
        private let shift: UInt64

        init(count: Int) {
            var capacity = 8
            while capacity < count * 2 { capacity *= 2 }
            slots = [Int64](repeating: -1, count: capacity)
            shift = UInt64(64 - capacity.trailingZeroBitCount)
        }

        /// Files the summary at `index` of part `part`; when an earlier rule had its name,
        /// returns where that first rule named it (and files nothing).
        mutating func file(_ part: Int, _ index: Int, of parts: [PartResult]) -> SourceRange? {
            let summary = parts[part].summaries[index]
            let mask = slots.count &- 1
            var slot = Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(summary.nameHash)) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
            while slots[slot] >= 0 {
                let first = parts[Int(slots[slot] >> 32)].summaries[Int(slots[slot] & 0xFFFF_FFFF)]
                if first.nameHash == summary.nameHash && first.name == summary.name { return first.nameRange }
                slot = (slot &+ 1) & mask
            }
            slots[slot] = Int64(part) << 32 | Int64(index)
            return nil
        }
    }

    /// Whether the text contains `stop` anywhere (a word, a string, a comment): `memchr`
    /// finds each `s`, then three bytes are compared.
    static func mentionsStop(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return false }
            var offset = 0
            while offset + 4 <= text.count {
                guard let found = memchr(base + offset, Int32(UInt8(ascii: "s")), text.count - 3 - offset) else { return false }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if text[at + 1] == UInt8(ascii: "t"), text[at + 2] == UInt8(ascii: "o"), text[at + 3] == UInt8(ascii: "p") {
                    return true
                }
                offset = at + 1
            }
            return false
        }
    }

    /// Compiles one part: each rule as soon as it is parsed, with a summary for the checks
    /// that span rules. Terms are worked out for every rule when `termsForEveryRule`, else
    /// only from the part's first rule that stops on (exactly when the first part needs them).
    static func compilePart(_ source: SourceFile, _ part: FilePart, termsForEveryRule: Bool) -> PartResult {
        var parser = Parser(source: source, part: part)
        var compiler = Compiler(source: source)
        var result = PartResult()
        var stopped = false
        _ = parser.parseFile { rule in
            let stopper = ShadowAnalysis.stopper(of: rule)
            stopped = stopped || stopper != nil
            let terms = termsForEveryRule || stopped ? ShadowAnalysis.terms(of: rule) : nil
            result.summaries.append(
                Summary(name: rule.name, nameHash: rule.name.hashValue, nameRange: rule.nameRange, stopper: stopper, terms: terms))
            result.rules.append(compiler.compile(rule))
        }
        result.readAlone = parser.lexer.diagnostics.isEmpty && parser.diagnostics.isEmpty
        result.diagnostics = compiler.diagnostics
        return result
    }
}
