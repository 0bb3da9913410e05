/// Runs a ``RegexProgram`` over text in one left-to-right pass: Pike's VM, with capture
/// slots and leftmost-first (Perl/PCRE) priority.
///
/// All threads advance together one scalar at a time and at most one thread per
/// instruction survives each step, so a search costs O(text length × program length) with
/// no backtracking. Scratch memory is allocated once per call (see ``run(_:captures:_:)``);
/// the steps themselves allocate nothing.
struct PikeVM {
    /// A thread list: instruction addresses in priority order and their capture rows.
    private struct ThreadList {
        /// Instruction address of each thread.
        var pcs: UnsafeMutablePointer<Int>
        /// `slots` capture values per thread, row `k` for thread `k`.
        var captures: UnsafeMutablePointer<Int>
        /// Number of threads.
        var count = 0
    }

    /// Stack marker for "explore this instruction" (other entries restore a capture slot).
    private static let explore = Int.min

    /// The program's instructions, without bounds checks.
    private let code: UnsafeBufferPointer<RegexInstruction>
    /// The program's character classes, without bounds checks.
    private let classes: UnsafeBufferPointer<CharacterClass>
    /// Whether matches can only start at offset 0.
    private let isAnchoredAtStart: Bool
    /// Scalars a match can start with, if known.
    private let firstScalars: RegexPrefilter?
    /// Capture slots tracked per thread: 0 when only a yes/no answer is needed.
    private let slots: Int
    /// Per instruction, the generation in which it was last added to a list.
    private let marks: UnsafeMutablePointer<Int>
    /// Working capture row while following free moves.
    private let work: UnsafeMutablePointer<Int>
    /// Explicit stack for following free moves: pairs (address, explore) or (slot, old value).
    private let stack: UnsafeMutablePointer<Int>
    /// The capture row of the best match found by the last search.
    private let best: UnsafeMutablePointer<Int>
    /// The two thread lists, swapped each step.
    private var lists: (ThreadList, ThreadList)
    /// Increases every step, so `marks` never need clearing.
    private var generation = 0
    /// Steps left before the run gives up: each thread advanced and each instruction
    /// followed costs one. Shared by every search of one run.
    private var budget: Int

    /// How a search ended.
    enum SearchResult {
        /// A match; its slots are in ``captureSlots``.
        case match
        /// No match in the text.
        case noMatch
        /// The run's step budget ran out first.
        case exhausted
    }

    /// Runs `body` with a VM for `program`; `captures: false` skips all capture bookkeeping.
    /// The searches `body` makes share `budget` steps.
    static func run<Result>(
        _ program: RegexProgram, captures: Bool, budget: Int, _ body: (inout PikeVM) -> Result
    ) -> Result {
        let slots = captures ? program.slotCount : 0
        let size = program.instructions.count
        let total = size * (4 + 2 * slots) + 2 * (size + 1) + 2 * slots
        let memory = UnsafeMutablePointer<Int>.allocate(capacity: total)
        defer { memory.deallocate() }
        return program.instructions.withUnsafeBufferPointer { code in
            program.classes.withUnsafeBufferPointer { classes in
                var vm = PikeVM(program: program, code: code, classes: classes, slots: slots, memory: memory, budget: budget)
                return body(&vm)
            }
        }
    }

    /// Carves the scratch memory into lists, rows and stack; only the marks and the best
    /// row need initial values, everything else is written before it is read.
    private init(
        program: RegexProgram, code: UnsafeBufferPointer<RegexInstruction>,
        classes: UnsafeBufferPointer<CharacterClass>, slots: Int, memory: UnsafeMutablePointer<Int>, budget: Int
    ) {
        let size = code.count
        self.budget = budget
        self.code = code
        self.classes = classes
        self.slots = slots
        isAnchoredAtStart = program.isAnchoredAtStart
        firstScalars = program.firstScalars
        marks = memory
        marks.initialize(repeating: 0, count: size)
        let first = ThreadList(pcs: memory + size, captures: memory + 3 * size)
        let second = ThreadList(pcs: memory + 2 * size, captures: memory + 3 * size + size * slots)
        lists = (first, second)
        stack = memory + 3 * size + 2 * size * slots
        work = stack + 2 * (size + 1)
        best = work + slots
        best.initialize(repeating: -1, count: slots)
    }

    /// The capture slots of the last successful search (scalar offsets, -1 when unset).
    var captureSlots: [Int] {
        Array(UnsafeBufferPointer(start: best, count: slots))
    }

    /// Searches `text` for the leftmost-first match starting at or after `start`.
    ///
    /// With `stopAtFirstMatch` it returns as soon as any thread matches (answering only
    /// whether there is a match); otherwise the match's slots are in ``captureSlots``.
    mutating func search(_ text: UnsafeBufferPointer<UInt32>, from start: Int, stopAtFirstMatch: Bool) -> SearchResult {
        let count = text.count
        var current = lists.0
        var next = lists.1
        current.count = 0
        next.count = 0
        var matched = false
        var position = start
        generation += 1
        while true {
            if !matched && (!isAnchoredAtStart || position == 0) {
                if current.count == 0 {
                    if let filter = firstScalars {
                        while position < count && !filter.admits(text[position], classes: classes) { position += 1 }
                        if position >= count { break }
                    }
                    generation += 1
                }
                addThread(to: &current, pc: 0, at: position, from: nil, in: text)
            }
            if current.count == 0 {
                if matched || isAnchoredAtStart || position >= count { break }
                position += 1
                continue
            }
            budget &-= current.count &+ 1
            if budget < 0 { return .exhausted }
            generation += 1
            let scalar = position < count ? text[position] : UInt32.max
            for index in 0..<current.count {
                let pc = current.pcs[index]
                let instruction = code[pc]
                if case .match = instruction {
                    if stopAtFirstMatch { return .match }
                    best.update(from: current.captures + index * slots, count: slots)
                    matched = true
                    break
                }
                if position < count && RegexProgram.accepts(instruction, scalar, classes: classes) {
                    addThread(to: &next, pc: pc + 1, at: position + 1, from: current.captures + index * slots, in: text)
                }
            }
            swap(&current, &next)
            next.count = 0
            if position >= count { break }
            position += 1
        }
        if budget < 0 { return .exhausted }
        return matched ? .match : .noMatch
    }

    /// Adds the thread at `pc` and everything reachable from it by free moves to `list`,
    /// in priority order, skipping instructions already added in this generation.
    private mutating func addThread(
        to list: inout ThreadList, pc start: Int, at position: Int,
        from source: UnsafeMutablePointer<Int>?, in text: UnsafeBufferPointer<UInt32>
    ) {
        if slots > 0 {
            if let source { work.update(from: source, count: slots) } else { work.update(repeating: -1, count: slots) }
        }
        stack[0] = start
        stack[1] = Self.explore
        var top = 2
        while top > 0 {
            top -= 2
            guard stack[top + 1] == Self.explore else {
                work[stack[top]] = stack[top + 1]
                continue
            }
            var pc = stack[top]
            follow: while marks[pc] != generation {
                marks[pc] = generation
                budget &-= 1
                switch code[pc] {
                case .jump(let target):
                    pc = target
                case .split(let preferred, let other):
                    stack[top] = other
                    stack[top + 1] = Self.explore
                    top += 2
                    pc = preferred
                case .save(let slot):
                    if slot < slots {
                        stack[top] = slot
                        stack[top + 1] = work[slot]
                        top += 2
                        work[slot] = position
                    }
                    pc += 1
                case .assert(let assertion):
                    guard Self.holds(assertion, at: position, in: text) else { break follow }
                    pc += 1
                case .scalar, .scalarPair, .anyExceptNewline, .characterClass, .match:
                    list.pcs[list.count] = pc
                    if slots > 0 { (list.captures + list.count * slots).update(from: work, count: slots) }
                    list.count += 1
                    break follow
                }
            }
        }
    }

    /// Whether a zero-width assertion holds between `text[position - 1]` and `text[position]`.
    private static func holds(_ assertion: RegexAssertion, at position: Int, in text: UnsafeBufferPointer<UInt32>) -> Bool {
        switch assertion {
        case .startOfText:
            return position == 0
        case .endOfText:
            return position == text.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && isWord(text[position - 1])
            let after = position < text.count && isWord(text[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always)
    private static func isWord(_ value: UInt32) -> Bool {
        (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39) || value == 0x5F
    }
}
