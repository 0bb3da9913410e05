/// One match of a ``SafeRegex``: the whole match (group 0) and every capturing group.
///
/// Groups that did not take part in the match are `nil`. Positions are available both as
/// `String.Index` ranges into ``text`` and as Unicode-scalar offsets.
struct RegexMatch: Sendable {
    /// The text that was searched.
    let text: String
    /// Range of each group in ``text``; index 0 is the whole match.
    let ranges: [Range<String.Index>?]
    /// Range of each group in Unicode scalars from the start of ``text``; index 0 is the whole match.
    let scalarRanges: [Range<Int>?]
    /// Capture index of each named group.
    let groupNames: [String: Int]
    /// Range of the whole match in ``text``.
    let range: Range<String.Index>

    /// Builds a match from VM capture slots (scalar offsets, -1 when unset).
    init(text: String, slots: [Int], groupNames: [String: Int], indexer: inout ScalarIndexer) {
        self.text = text
        self.groupNames = groupNames
        let groupCount = slots.count / 2
        var scalarRanges: [Range<Int>?] = []
        var ranges: [Range<String.Index>?] = []
        scalarRanges.reserveCapacity(groupCount)
        ranges.reserveCapacity(groupCount)
        for group in 0..<groupCount {
            let start = slots[2 * group]
            let end = slots[2 * group + 1]
            guard start >= 0 && end >= start else {
                scalarRanges.append(nil)
                ranges.append(nil)
                continue
            }
            scalarRanges.append(start..<end)
            let lower = indexer.index(at: start)
            ranges.append(lower..<indexer.index(at: end))
        }
        self.scalarRanges = scalarRanges
        self.ranges = ranges
        range = ranges.first.flatMap { $0 } ?? text.startIndex..<text.startIndex
    }

    /// Number of capturing groups (group 0 not counted).
    var groupCount: Int { ranges.count - 1 }

    /// The whole matched text.
    var substring: Substring { text[range] }

    /// Range of group `number` (0 = whole match), or `nil` if it did not participate or does not exist.
    func range(_ number: Int) -> Range<String.Index>? {
        number >= 0 && number < ranges.count ? ranges[number] : nil
    }

    /// Text of group `number` (0 = whole match) as a substring of ``text``.
    func substring(_ number: Int) -> Substring? {
        range(number).map { text[$0] }
    }

    /// Text of group `number` (0 = whole match), or `nil` if it did not participate or does not exist.
    func group(_ number: Int) -> String? {
        substring(number).map(String.init)
    }

    /// Text of the group declared `(?<name>...)`.
    func group(named name: String) -> String? {
        groupNames[name].flatMap(group)
    }
}

/// Converts Unicode-scalar offsets into `String.Index` values by walking from the last one
/// converted, so converting the matches of a left-to-right scan costs one pass over the
/// text plus, per match, a walk over the match itself.
struct ScalarIndexer {
    /// The scalars of the text being indexed.
    private let scalars: String.UnicodeScalarView
    /// Offset of ``index``.
    private var offset = 0
    /// The cursor.
    private var index: String.Index

    /// Creates an indexer positioned at the start of `text`.
    init(_ text: String) {
        scalars = text.unicodeScalars
        index = scalars.startIndex
    }

    /// The index of scalar `target` (the end index when `target` is the scalar count).
    mutating func index(at target: Int) -> String.Index {
        while offset < target && index < scalars.endIndex {
            scalars.formIndex(after: &index)
            offset += 1
        }
        while offset > target && index > scalars.startIndex {
            scalars.formIndex(before: &index)
            offset -= 1
        }
        return index
    }
}
