/// The set of scalars a match can begin with, used to skip text where no match can start.
///
/// Found by following the free moves from instruction 0 (assertions assumed to hold, so the
/// set is a safe superset). Only built when the regex cannot match the empty string and no
/// `.` can come first; ASCII is a bitmap, other scalars are tested against the first
/// consuming instructions themselves.
struct RegexPrefilter: Sendable {
    /// Bits for scalars 0–63 that can start a match.
    private var asciiLow: UInt64 = 0
    /// Bits for scalars 64–127 that can start a match.
    private var asciiHigh: UInt64 = 0
    /// The consuming instructions that can come first, for non-ASCII scalars.
    private var firstInstructions: [RegexInstruction] = []

    /// Analyses `program`: sets `isAnchoredAtStart` and `firstScalars`.
    static func analyse(_ program: inout RegexProgram) {
        program.isAnchoredAtStart = !reachesWithoutStartAnchor(program.instructions)
        var filter = RegexPrefilter()
        var seen = Set<Int>()
        var pending = [0]
        while let pc = pending.popLast() {
            guard pc < program.instructions.count, seen.insert(pc).inserted else { continue }
            let instruction = program.instructions[pc]
            switch instruction {
            case .match, .anyExceptNewline:
                return
            case .split(let first, let second):
                pending += [second, first]
            case .jump(let target):
                pending.append(target)
            case .save, .assert:
                pending.append(pc + 1)
            case .scalar, .scalarPair, .characterClass:
                filter.firstInstructions.append(instruction)
            }
        }
        program.classes.withUnsafeBufferPointer { classes in
            for value in UInt32(0)..<0x80
            where filter.firstInstructions.contains(where: { RegexProgram.accepts($0, value, classes: classes) }) {
                if value < 64 { filter.asciiLow |= 1 << UInt64(value) } else { filter.asciiHigh |= 1 << UInt64(value - 64) }
            }
        }
        program.firstScalars = filter
    }

    /// Whether a match can start with `value`.
    @inline(__always)
    func admits(_ value: UInt32, classes: UnsafeBufferPointer<CharacterClass>) -> Bool {
        if value < 64 { return (asciiLow >> UInt64(value)) & 1 == 1 }
        if value < 128 { return (asciiHigh >> UInt64(value - 64)) & 1 == 1 }
        return firstInstructions.contains { RegexProgram.accepts($0, value, classes: classes) }
    }

    /// Whether some path from instruction 0 reaches a scalar or the end without passing `^`.
    private static func reachesWithoutStartAnchor(_ instructions: [RegexInstruction]) -> Bool {
        var seen = Set<Int>()
        var pending = [0]
        while let pc = pending.popLast() {
            guard pc < instructions.count, seen.insert(pc).inserted else { continue }
            switch instructions[pc] {
            case .assert(.startOfText):
                continue
            case .split(let first, let second):
                pending += [first, second]
            case .jump(let target):
                pending.append(target)
            case .save, .assert:
                pending.append(pc + 1)
            case .scalar, .scalarPair, .anyExceptNewline, .characterClass, .match:
                return true
            }
        }
        return false
    }
}
