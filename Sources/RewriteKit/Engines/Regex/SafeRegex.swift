/// A regular expression that always runs in linear time, for user-written rule files.
///
/// Matching walks the text's Unicode scalars once with a ``PikeVM``, so hostile patterns
/// such as `(a+)+b` cannot hang the app. The dialect is a Perl/PCRE subset with
/// leftmost-first priority (`(a|ab)` on `ab` matches `a`); features that need backtracking
/// (backreferences, lookaround, atomic groups, possessive quantifiers) are rejected with a
/// ``RegexSyntaxError``. `^` and `$` match only at the very start and end of the text, and
/// `\d`, `\w`, `\s`, `\b` are ASCII-only.
struct SafeRegex: Sendable {
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

    /// Whether the regex matches anywhere in `text` (no capture bookkeeping; stops at the first match).
    func matches(_ text: String) -> Bool {
        let scalars = Self.scalars(of: text)
        return scalars.withUnsafeBufferPointer { buffer in
            PikeVM.run(program, captures: false) { vm in
                vm.search(buffer, from: 0, stopAtFirstMatch: true)
            }
        }
    }

    /// The leftmost match in `text` (leftmost-first among alternatives), or `nil`.
    func firstMatch(in text: String) -> RegexMatch? {
        let scalars = Self.scalars(of: text)
        return scalars.withUnsafeBufferPointer { buffer in
            PikeVM.run(program, captures: true) { vm in
                guard vm.search(buffer, from: 0, stopAtFirstMatch: false) else { return nil }
                var indexer = ScalarIndexer(text)
                return RegexMatch(text: text, slots: vm.captureSlots, groupNames: groupNames, indexer: &indexer)
            }
        }
    }

    /// `text` with every non-overlapping match, left to right, replaced by `replacement(match)`.
    ///
    /// After an empty match the search resumes one scalar further, so `a*` on `baaac` with
    /// `-` gives `-b--c-`, as in Perl.
    func replacingMatches(in text: String, with replacement: (RegexMatch) -> String) -> String {
        let scalars = Self.scalars(of: text)
        var result = ""
        var copied = text.startIndex
        scalars.withUnsafeBufferPointer { buffer in
            PikeVM.run(program, captures: true) { vm in
                var indexer = ScalarIndexer(text)
                var position = 0
                while position <= buffer.count, vm.search(buffer, from: position, stopAtFirstMatch: false) {
                    let slots = vm.captureSlots
                    let match = RegexMatch(text: text, slots: slots, groupNames: groupNames, indexer: &indexer)
                    if result.isEmpty { result.reserveCapacity(text.utf8.count) }
                    result += text[copied..<match.range.lowerBound]
                    result += replacement(match)
                    copied = match.range.upperBound
                    position = slots[1] > slots[0] ? slots[1] : slots[1] + 1
                }
            }
        }
        if copied == text.startIndex && result.isEmpty { return text }
        result += text[copied...]
        return result
    }

    /// The text's Unicode scalar values.
    private static func scalars(of text: String) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: text.utf8.count) { buffer, initialized in
            for scalar in text.unicodeScalars where initialized < buffer.count {
                buffer[initialized] = scalar.value
                initialized += 1
            }
        }
    }
}
