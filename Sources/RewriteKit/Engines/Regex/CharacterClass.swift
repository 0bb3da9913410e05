/// A set of Unicode scalars: a regex `[...]`, `\d`/`\w`/`\s` and their negations,
/// or a glob `[...]`.
///
/// ASCII membership is a 128-bit bitmap, so the common case is two shifts and a mask;
/// other scalars are looked up in sorted, merged ranges. `\d`, `\w` and `\s` are ASCII
/// only (`[0-9]`, `[A-Za-z0-9_]`, `[\t\n\v\f\r ]`), which keeps URL rules predictable.
struct CharacterClass: Sendable, Equatable {
    /// Membership bits for scalars 0–63.
    private var asciiLow: UInt64 = 0
    /// Membership bits for scalars 64–127.
    private var asciiHigh: UInt64 = 0
    /// Non-ASCII members, sorted and merged.
    private var ranges: [ClosedRange<UInt32>] = []
    /// Whether non-ASCII scalars are also tried in their other case forms at match time.
    private var foldsCase = false
    /// Whether the set is complemented (`[^...]`), applied after case folding.
    private(set) var isNegated = false

    /// The largest Unicode scalar value.
    static let maxScalar: UInt32 = 0x10FFFF
    /// `\d`: ASCII digits.
    static let digitRanges: [ClosedRange<UInt32>] = [0x30...0x39]
    /// `\w`: ASCII letters, digits and `_`.
    static let wordRanges: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// `\s`: tab, line feed, vertical tab, form feed, carriage return, space.
    /// `\s` as RE2 and Perl read it: tab, line feed, form feed, carriage return and space;
    /// not the vertical tab, which only `[[:space:]]` includes.
    static let spaceRanges: [ClosedRange<UInt32>] = [0x09...0x0A, 0x0C...0x0D, 0x20...0x20]

    /// The POSIX classes RE2 accepts inside brackets (`[[:alpha:]]`), ASCII only.
    static let posixRanges: [String: [ClosedRange<UInt32>]] = [
        "alnum": [0x30...0x39, 0x41...0x5A, 0x61...0x7A],
        "alpha": [0x41...0x5A, 0x61...0x7A],
        "ascii": [0x00...0x7F],
        "blank": [0x09...0x09, 0x20...0x20],
        "cntrl": [0x00...0x1F, 0x7F...0x7F],
        "digit": [0x30...0x39],
        "graph": [0x21...0x7E],
        "lower": [0x61...0x7A],
        "print": [0x20...0x7E],
        "punct": [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E],
        "space": [0x09...0x0D, 0x20...0x20],
        "upper": [0x41...0x5A],
        "word": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A],
        "xdigit": [0x30...0x39, 0x41...0x46, 0x61...0x66],
    ]

    /// Creates a set from member ranges (in any order, possibly overlapping).
    init(ranges members: [ClosedRange<UInt32>], negated: Bool = false, caseInsensitive: Bool = false) {
        isNegated = negated
        foldsCase = caseInsensitive
        var wide: [ClosedRange<UInt32>] = []
        for range in members {
            if range.lowerBound < 0x80 {
                for value in range.lowerBound...min(range.upperBound, 0x7F) {
                    insertASCII(value)
                    if caseInsensitive { CaseFolding.variants(of: value).forEach { insertASCII($0) } }
                }
            }
            if range.upperBound >= 0x80 { wide.append(max(range.lowerBound, 0x80)...range.upperBound) }
        }
        ranges = Self.merged(wide)
    }

    /// Whether `value` is in the set.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        containsIgnoringNegation(value) != isNegated
    }

    /// Membership before `[^...]` is applied.
    private func containsIgnoringNegation(_ value: UInt32) -> Bool {
        if value < 0x80 { return asciiContains(value) }
        if rangesContain(value) { return true }
        guard foldsCase else { return false }
        for other in CaseFolding.variants(of: value) {
            if other < 0x80 ? asciiContains(other) : rangesContain(other) { return true }
        }
        return false
    }

    /// Bitmap lookup for a scalar below 128.
    @inline(__always)
    private func asciiContains(_ value: UInt32) -> Bool {
        value < 64 ? (asciiLow >> UInt64(value)) & 1 == 1 : (asciiHigh >> UInt64(value - 64)) & 1 == 1
    }

    /// Binary search in the non-ASCII ranges.
    private func rangesContain(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else if ranges[middle].lowerBound > value {
                high = middle
            } else {
                return true
            }
        }
        return false
    }

    /// Sets the bitmap bit of an ASCII scalar.
    private mutating func insertASCII(_ value: UInt32) {
        guard value < 0x80 else { return }
        if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
    }

    /// Sorts ranges and merges overlapping or adjacent ones.
    static func merged(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in input.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The complement of `input` within all scalar values (used for `\D`, `\W`, `\S`).
    static func complement(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in merged(input) {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= maxScalar { result.append(next...maxScalar) }
        return result
    }
}
