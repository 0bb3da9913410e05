/// "Did you mean ...?": finds the valid word nearest to a misspelt one.
package enum Suggestions {
    /// The candidate closest to `word`, if one is close enough to be a likely typo.
    ///
    /// Distance is the optimal-string-alignment edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours each cost 1); a candidate that differs only
    /// in letter case always wins. Words of up to 3 characters allow 1 edit, up to 8
    /// characters 2 edits, longer words 3.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameButCase = candidates.first(where: { $0.lowercased() == lowered && $0 != word }) {
            return sameButCase
        }
        let budget = word.count <= 3 ? 1 : (word.count <= 8 ? 2 : 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(lowered, candidate.lowercased(), limit: budget)
            if distance <= budget, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between two strings, or more than `limit`
    /// (not necessarily exact) once it is clear the distance exceeds it.
    package static func editDistance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
