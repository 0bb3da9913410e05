import Dispatch
import Foundation

/// A large text validated in parts, one a processor.
///
/// JSON cannot be read from the middle: a byte's meaning depends on every quote and bracket
/// before it. So a part guesses. The text is cut just before a value that follows a comma,
/// a container after a container where there is one (`},{`: most often the next record of a
/// list), never a string (`,"` is mostly a key), and each part after the first is
/// validated as if that value were an element of an array it did not see open, up to the
/// next cut, which it must reach as an element of the same array. The first part is
/// validated as a whole text is, and stops at the first cut, which it must reach as an
/// element of an array: then the guess was right, and by induction every part's is. The last
/// part ends at that array's closing bracket, and the rest of the text is validated from there
/// with the first part's stack of open containers.
///
/// Whenever a guess cannot be confirmed (a cut inside a string, an array that ends before
/// the next cut), the whole text is validated again in one pass, so a text's verdict and
/// notes never depend on how it was cut; tests compare both on JSONTestSuite and random
/// documents cut everywhere.
extension JSONValidator {
    /// Parts are at least this long: a text is cut only when it holds two, and only on a
    /// machine with more than one processor. A part of 1 MB takes about a millisecond to
    /// validate; handing it to another thread, tens of microseconds.
    static let partLength = 1 << 20
    /// At most this many parts.
    static let maximumParts = 8

    /// How many parts to cut `count` bytes into on this machine: below 2, none.
    @inline(__always)
    static func partCount(forLength count: Int) -> Int {
        count < partLength &* 2 ? 0 : min(processorCount, count / partLength, maximumParts)
    }

    /// The processors this process may use, read once.
    private static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// The first part: from the start of the text to the first cut.
    enum FirstPart: Pass {
        static var stops: Bool { true }
    }

    /// A later part: from a cut to the next (the last part: to the end of its array).
    enum LaterPart: Pass {
        static var stops: Bool { true }
        static var inPart: Bool { true }
    }

    /// The rest of the text, after the array the parts ended in.
    enum Rest: Pass {
        static var resumes: Bool { true }
    }

    /// What a part notes that a whole text's pass does not.
    struct PartNotes {
        /// The most containers open at once inside the part, counting one that opens and
        /// closes at once (a whole pass refuses `[]` as deep as it refuses `[1]`).
        var deepest = 0
        /// The ends of the part's array's elements that are containers: the root's members
        /// if that array is the root.
        var elements = JSONContainerEnds()
    }

    /// What one part's pass found.
    private struct PartResult {
        var verdict = Verdict.missed
        var containerEnds = JSONContainerEnds()
        var notes = PartNotes()
    }

    /// Validates the text in `base[0..<end]` in (up to) `parts` parts on as many threads:
    /// the same verdict and notes as one pass.
    static func validate(
        _ base: UnsafePointer<UInt8>, _ end: Int, parts: Int
    ) -> (isValid: Bool, containerEnds: JSONContainerEnds) {
        validate(base, end, cuts: cuts(base, end, parts: parts)) ?? validateWhole(base, end)
    }

    /// Validates the text in `base[0..<end]` cut at `cuts` (increasing offsets inside it),
    /// each part on a thread of its own; `nil` when there are no cuts or a guess did not hold
    /// (the text is then validated in one pass).
    static func validate(
        _ base: UnsafePointer<UInt8>, _ end: Int, cuts: [Int]
    ) -> (isValid: Bool, containerEnds: JSONContainerEnds)? {
        guard !cuts.isEmpty else { return nil }
        let recordsRootMembers = end >= rootMembersLength
        let stack = UnsafeMutableBufferPointer<Int>.allocate(capacity: JSONSyntax.maximumDepth)
        defer { stack.deallocate() }
        let results = UnsafeMutableBufferPointer<PartResult>.allocate(capacity: cuts.count &+ 1)
        results.initialize(repeating: PartResult())
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let shared = PartBuffers(base: base, cuts: cuts, stack: stack, results: results)
        DispatchQueue.concurrentPerform(iterations: cuts.count &+ 1) { k in
            let buffers = shared
            let base = buffers.base
            let cuts = buffers.cuts
            var result = PartResult()
            if k == 0 {
                result.verdict = walk(
                    FirstPart.self, base, end, from: 0, stop: cuts[0],
                    stack: buffers.stack, depth: 0, recordsRootMembers: recordsRootMembers,
                    containerEnds: &result.containerEnds, part: &result.notes)
            } else {
                let stop = k < cuts.count ? cuts[k] : end &+ 1
                result.verdict = withUnsafeTemporaryAllocation(of: Int.self, capacity: JSONSyntax.maximumDepth) { partStack in
                    walk(
                        LaterPart.self, base, end, from: cuts[k &- 1], stop: stop,
                        stack: partStack, depth: 0, recordsRootMembers: recordsRootMembers,
                        containerEnds: &result.containerEnds, part: &result.notes)
                }
            }
            buffers.results[k] = result
        }
        return join(results, base, end, stack: stack, parts: cuts.count &+ 1, recordsRootMembers: recordsRootMembers)
    }

    /// The parts' verdicts joined, with the rest of the text validated after the last part;
    /// `nil` when a guess did not hold.
    private static func join(
        _ results: UnsafeMutableBufferPointer<PartResult>, _ base: UnsafePointer<UInt8>, _ end: Int,
        stack: UnsafeMutableBufferPointer<Int>, parts: Int, recordsRootMembers: Bool
    ) -> (isValid: Bool, containerEnds: JSONContainerEnds)? {
        var containerEnds = results[0].containerEnds
        let depth: Int
        switch results[0].verdict {
        case .valid, .invalid:
            // The first part came to the end without a value at the cut: that was one pass.
            containerEnds.finish()
            return (results[0].verdict == .valid, containerEnds)
        case .reached(let reached) where reached > 0 && base[stack[reached &- 1]] == JSONByte.openBracket:
            depth = reached
        default:
            return nil
        }
        var closedAt = -1
        for k in 1..<parts {
            let result = results[k]
            switch result.verdict {
            case .invalid:
                // Every part before this one confirmed this part's start.
                return (false, JSONContainerEnds())
            case .reached(depth: 0) where k < parts &- 1:
                break
            case .closed(let at) where k == parts &- 1:
                closedAt = at
            default:
                return nil
            }
            guard depth &+ result.notes.deepest <= JSONSyntax.maximumDepth else { return (false, JSONContainerEnds()) }
            containerEnds.append(result.containerEnds)
            if depth == 1 { containerEnds.append(result.notes.elements) }
        }
        // The array the parts were elements of closes at `closedAt`: pop it, then go on
        // from just after it with the first part's stack.
        let open = stack[depth &- 1]
        let after = closedAt &+ 1
        if (depth == 2 && recordsRootMembers) || after &- open >= recordedContainerLength {
            containerEnds.note(start: open, end: after)
        }
        var unused = PartNotes()
        let verdict = walk(
            Rest.self, base, end, from: after, stop: end,
            stack: stack, depth: depth &- 1, recordsRootMembers: recordsRootMembers,
            containerEnds: &containerEnds, part: &unused)
        containerEnds.finish()
        return (verdict == .valid, containerEnds)
    }

    /// Where to cut a text into `parts` parts: offsets in increasing order, fewer where
    /// no cut was found.
    static func cuts(_ base: UnsafePointer<UInt8>, _ end: Int, parts: Int) -> [Int] {
        var cuts: [Int] = []
        for k in 1..<max(parts, 1) {
            let from = max(end / parts * k, (cuts.last ?? 0) &+ 1)
            if let cut = cut(base, end, from: from) { cuts.append(cut) }
        }
        return cuts
    }

    /// Where to cut at or after `from`. Best, a container that follows a comma after a
    /// container (`},{`, `],[`) whose array is still open 16 KB on: most often the next record
    /// of the page's list (a HAR's next entry), so that the part after it runs to that list's
    /// end, where a `},{` of a short list nested in a record (a HAR entry's headers) would end
    /// that part at once and leave the rest to one thread. Looked for in the next 256 KB,
    /// probing at most 256 KB in all; else the first `},{` found, else the first value after a
    /// comma that is not a string within 64 KB.
    private static func cut(_ base: UnsafePointer<UInt8>, _ end: Int, from: Int) -> Int? {
        var i = from
        let limit = min(end, from &+ 262_144)
        var probeBudget = 262_144
        var firstAfterContainer: Int?
        var fallback: Int?
        while i < limit {
            guard base[i] == JSONByte.comma else {
                i &+= 1
                continue
            }
            let comma = i
            i = skipWhitespace(base, end, i &+ 1)
            guard i < end else { break }
            switch base[i] {
            case JSONByte.openBrace, JSONByte.openBracket:
                var before = comma &- 1
                while before > 0 && base[before] <= JSONByte.space && JSONByte.isWhitespace(base[before]) { before &-= 1 }
                if before >= 0 && (base[before] == JSONByte.closeBrace || base[before] == JSONByte.closeBracket) {
                    if probeBudget > 0 {
                        let probe = arrayStaysOpen(base, end, from: i, for: 16_384)
                        if probe.isOpen { return i }
                        probeBudget &-= probe.scanned
                    }
                    if firstAfterContainer == nil { firstAfterContainer = i }
                }
                if fallback == nil && i &- from < 65_536 { fallback = i }
            case JSONByte.minus, 0x30...0x39, 0x74, 0x66, 0x6E:
                if fallback == nil && i &- from < 65_536 { fallback = i }
            default:
                continue
            }
        }
        return firstAfterContainer ?? fallback
    }

    /// Whether the array that `start` is an element of stays open for `distance` bytes (or
    /// to the text's end), and how many bytes it looked at: the locator steps over its
    /// elements, held to those bytes (a container still open there ends at the limit).
    private static func arrayStaysOpen(
        _ base: UnsafePointer<UInt8>, _ end: Int, from start: Int, for distance: Int
    ) -> (isOpen: Bool, scanned: Int) {
        let limit = min(end, start &+ distance)
        let elements = JSONLocator(base: base, end: limit)
        var i = start
        while i < limit {
            i = elements.skipWhitespace(elements.valueEnd(from: i))
            guard i < limit else { break }
            // After an element, a comma and the next one, or the array's end.
            guard base[i] == JSONByte.comma else { return (false, i &- start) }
            i = elements.skipWhitespace(i &+ 1)
        }
        return (true, limit &- start)
    }

    /// The buffers the parts' threads share, each part writing only its own result and
    /// only the first part the stack; read once they are all done.
    private struct PartBuffers: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let cuts: [Int]
        let stack: UnsafeMutableBufferPointer<Int>
        let results: UnsafeMutableBufferPointer<PartResult>
    }
}
