/// Compiles a ``RegexNode`` tree into a ``RegexProgram`` (Thompson's construction).
///
/// Counted repetition is expanded (`a{2,4}` becomes `a a (a (a)?)?`), so the program size
/// is bounded by ``maxInstructions``: the size is worked out from the tree before anything
/// is emitted, so even `(a{1000}){1000}` is refused at once, with its size.
struct RegexCompiler {
    /// The largest program accepted. A search advances at most one thread per instruction
    /// per scalar, so this also bounds the work per scalar of text.
    static let maxInstructions = 5_000

    /// The instructions emitted so far.
    private var instructions: [RegexInstruction] = []
    /// The character classes referenced by the instructions.
    private var classes: [CharacterClass] = []
    /// Whether literal scalars also match their other case forms.
    private let caseInsensitive: Bool

    /// Creates a compiler.
    private init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    /// Compiles `node`, whose groups are numbered `1...captureCount`.
    static func compile(_ node: RegexNode, captureCount: Int, caseInsensitive: Bool) throws(RegexSyntaxError) -> RegexProgram {
        let size = node.instructionCount
        guard size <= maxInstructions - 3 else { throw .tooLarge(size: size == .max ? size : size + 3, limit: maxInstructions) }
        var compiler = RegexCompiler(caseInsensitive: caseInsensitive)
        try compiler.emit(.save(0))
        try compiler.compile(node)
        try compiler.emit(.save(1))
        try compiler.emit(.match)
        var program = RegexProgram(
            instructions: compiler.instructions,
            classes: compiler.classes,
            slotCount: 2 * (captureCount + 1)
        )
        RegexPrefilter.analyse(&program)
        return program
    }

    /// Appends an instruction and returns its address.
    @discardableResult
    private mutating func emit(_ instruction: RegexInstruction) throws(RegexSyntaxError) -> Int {
        guard instructions.count < Self.maxInstructions else { throw .tooLarge(size: nil, limit: Self.maxInstructions) }
        instructions.append(instruction)
        return instructions.count - 1
    }

    /// A `split` preferring `preferred` when greedy and `other` when lazy.
    private func split(_ preferred: Int, _ other: Int, greedy: Bool) -> RegexInstruction {
        greedy ? .split(preferred, other) : .split(other, preferred)
    }

    /// Emits the instructions for `node`.
    private mutating func compile(_ node: RegexNode) throws(RegexSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            try emitScalar(scalar.value)
        case .anyExceptNewline:
            try emit(.anyExceptNewline)
        case .characterClass(let characterClass):
            classes.append(characterClass)
            try emit(.characterClass(classes.count - 1))
        case .assertion(let assertion):
            try emit(.assert(assertion))
        case .group(let body, let captureIndex):
            if let captureIndex { try emit(.save(2 * captureIndex)) }
            try compile(body)
            if let captureIndex { try emit(.save(2 * captureIndex + 1)) }
        case .concatenation(let items):
            for item in items { try compile(item) }
        case .alternation(let branches):
            try compileAlternation(branches)
        case .repetition(let body, let min, let max, let greedy):
            try compileRepetition(body, min: min, max: max, greedy: greedy)
        }
    }

    /// A literal scalar, with its case variants when case-insensitive.
    private mutating func emitScalar(_ value: UInt32) throws(RegexSyntaxError) {
        let variants = caseInsensitive ? CaseFolding.variants(of: value) : []
        switch variants.count {
        case 0:
            try emit(.scalar(value))
        case 1:
            try emit(.scalarPair(value, variants[0]))
        default:
            classes.append(CharacterClass(ranges: ([value] + variants).map { $0...$0 }))
            try emit(.characterClass(classes.count - 1))
        }
    }

    /// `a|b|c`: a chain of splits, each branch jumping to the end.
    private mutating func compileAlternation(_ branches: [RegexNode]) throws(RegexSyntaxError) {
        var exits: [Int] = []
        for (index, branch) in branches.enumerated() {
            guard index < branches.count - 1 else {
                try compile(branch)
                break
            }
            let fork = try emit(.split(0, 0))
            try compile(branch)
            exits.append(try emit(.jump(0)))
            instructions[fork] = .split(fork + 1, instructions.count)
        }
        for exit in exits { instructions[exit] = .jump(instructions.count) }
    }

    /// `x*`, `x+`, `x?`, `x{n}`, `x{n,}`, `x{n,m}`, greedy or lazy.
    private mutating func compileRepetition(_ body: RegexNode, min: Int, max: Int?, greedy: Bool) throws(RegexSyntaxError) {
        guard let max else {
            if min == 0, body.isNullable {
                // `x*` whose body can match empty compiles as `(x+)?`, as RE2 and Go do. In the
                // plain loop below, a thread that took the body's empty way jumps back to the
                // loop's fork, already visited at this position, and dies; the body's other
                // ways then win, and `(?:|a)*` on `aaa` matched 0–3 where leftmost-first
                // says 0–0. Here that thread leaves through the `+`'s exit instead.
                let fork = try emit(.split(0, 0))
                let loopStart = instructions.count
                try compile(body)
                let repeatFork = instructions.count
                try emit(split(loopStart, repeatFork + 1, greedy: greedy))
                instructions[fork] = split(fork + 1, instructions.count, greedy: greedy)
            } else if min == 0 {
                let fork = try emit(.split(0, 0))
                try compile(body)
                try emit(.jump(fork))
                instructions[fork] = split(fork + 1, instructions.count, greedy: greedy)
            } else {
                for _ in 0..<(min - 1) { try compile(body) }
                let loopStart = instructions.count
                try compile(body)
                let fork = instructions.count
                try emit(split(loopStart, fork + 1, greedy: greedy))
            }
            return
        }
        for _ in 0..<min { try compile(body) }
        guard max > min else { return }
        var forks: [Int] = []
        for _ in min..<max {
            forks.append(try emit(.split(0, 0)))
            try compile(body)
        }
        for fork in forks { instructions[fork] = split(fork + 1, instructions.count, greedy: greedy) }
    }
}
