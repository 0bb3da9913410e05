/// The fast path of ``JSONSyntax``: says whether bytes are one valid JSON text, nothing
/// more, and notes where every large container, and (in a text of ``rootMembersLength``
/// bytes or more) every container directly inside the root, ends so that ``JSONLocator`` can
/// step over it without scanning it again; in a shorter text a scan costs less than the note.
///
/// It accepts exactly what ``JSONSyntaxScanner`` accepts (RFC 8259, strict UTF-8,
/// ``JSONSyntax/maximumDepth``), but keeps no error text: when it says
/// no, the scanner runs to say why and where. Each step is a function from an offset to
/// the offset after what it read (`-1`: invalid), so the offset stays in a register; the
/// commonest two, a string and a key, move an `inout` offset and say whether they were
/// valid, which on their common path is a constant the walk does not test. Plain string
/// content is skipped eight bytes at a time. A text of two ``partLength``s or
/// more is validated in parts, one a processor (`JSONValidator+Parts.swift`).
enum JSONValidator {
    /// Containers at least this long have their end recorded.
    static let recordedContainerLength = 4096
    /// Texts at least this long have the ends of the root's container members recorded.
    static let rootMembersLength = 512
    /// The nesting the first attempt has room for: its stack of open containers (8 bytes
    /// each) fits the 1 KB that a temporary allocation keeps off the heap. A deeper text
    /// is validated again with room for ``JSONSyntax/maximumDepth``.
    static let shallowDepth = 128

    /// Whether `buffer` is one valid JSON text, and where its large containers and the
    /// root's container members end (one past the closing bracket), by the offset of
    /// their opening bracket.
    static func validate(_ buffer: UnsafeBufferPointer<UInt8>) -> (isValid: Bool, containerEnds: JSONContainerEnds) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return (false, .none) }
        let parts = partCount(forLength: buffer.count)
        if parts >= 2 { return validate(base, buffer.count, parts: parts) }
        return validateWhole(base, buffer.count)
    }

    /// Whether `buffer` is one valid JSON text, noting nothing: for callers that want only
    /// the verdict (the notes of a 1 KB text's root members cost an allocation, about 400
    /// of its validation's 11,000 instructions).
    static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
        let parts = partCount(forLength: buffer.count)
        if parts >= 2 { return validate(base, buffer.count, parts: parts).isValid }
        var unused = JSONContainerEnds()
        return whole(VerdictOnly.self, base, buffer.count, containerEnds: &unused) == .valid
    }

    /// A whole text in one pass, on the calling thread.
    static func validateWhole(_ base: UnsafePointer<UInt8>, _ end: Int) -> (isValid: Bool, containerEnds: JSONContainerEnds) {
        var containerEnds = JSONContainerEnds()
        let verdict = whole(WholeText.self, base, end, containerEnds: &containerEnds)
        containerEnds.finish()
        return (verdict == .valid, containerEnds)
    }

    /// One pass over a whole text with a stack for ``shallowDepth`` containers, and again
    /// with one for ``JSONSyntax/maximumDepth`` when that was too shallow.
    private static func whole<P: Pass>(
        _ pass: P.Type, _ base: UnsafePointer<UInt8>, _ end: Int, containerEnds: inout JSONContainerEnds
    ) -> Verdict {
        let recordsRootMembers = end >= rootMembersLength
        let verdict = withUnsafeTemporaryAllocation(of: Int.self, capacity: shallowDepth) {
            run(P.self, base, end, stack: $0, recordsRootMembers: recordsRootMembers, containerEnds: &containerEnds)
        }
        guard verdict == .tooDeep else { return verdict }
        containerEnds = JSONContainerEnds()
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: JSONSyntax.maximumDepth) {
            run(P.self, base, end, stack: $0, recordsRootMembers: recordsRootMembers, containerEnds: &containerEnds)
        }
    }

    /// What one pass found.
    enum Verdict: Equatable {
        case valid, invalid
        /// Nesting deeper than the stack it had: run again with a deeper one.
        case tooDeep
        /// A pass with a stop (``Pass/stops``) came to a value at its stop offset, this
        /// deep (for a part: in the array it began in, which is depth 0).
        case reached(depth: Int)
        /// A pass with a stop passed it inside a value, or before it came to a value.
        case missed
        /// A part closed the array it began in: the offset of the closing bracket.
        case closed(at: Int)
    }

    /// What one pass is: constants that each caller's copy of ``walk(_:_:_:from:stop:stack:depth:recordsRootMembers:containerEnds:part:)``
    /// is compiled with, so that a whole text's pass tests none of them. See
    /// `JSONValidator+Parts.swift`.
    protocol Pass {
        /// The pass stops at the first value at or after its stop offset.
        static var stops: Bool { get }
        /// The pass began at an element of an array it did not see open (depth 0 is inside
        /// it): it ends at that array's closing bracket.
        static var inPart: Bool { get }
        /// The pass begins just after a value, not before one.
        static var resumes: Bool { get }
        /// The pass answers valid or not, and notes no container.
        static var notesNothing: Bool { get }
    }

    /// A whole text: none of the above (each is false unless a pass says otherwise).
    enum WholeText: Pass {}

    /// A whole text whose notes nobody reads (``isValid(_:)``).
    enum VerdictOnly: Pass {
        static var notesNothing: Bool { true }
    }

    /// The pass over a whole text: `stack` holds the offset of each open container's
    /// bracket (which says whether it is an object or an array). A function of its own
    /// for each kind of pass, so that the walk is compiled alone, as the hot loop it is.
    private static func run<P: Pass>(
        _ pass: P.Type, _ base: UnsafePointer<UInt8>, _ end: Int, stack: UnsafeMutableBufferPointer<Int>,
        recordsRootMembers: Bool, containerEnds: inout JSONContainerEnds
    ) -> Verdict {
        var unused = PartNotes()
        return walk(P.self, base, end, from: 0, stop: end, stack: stack, depth: 0,
            recordsRootMembers: recordsRootMembers, containerEnds: &containerEnds, part: &unused)
    }

    /// One pass from `start` with `depth` containers open on `stack`. Each step is a
    /// function from an offset to the offset after what it read, -1 when it is invalid.
    /// `part` collects what only a part notes.
    static func walk<P: Pass>(
        _ pass: P.Type, _ base: UnsafePointer<UInt8>, _ end: Int, from start: Int, stop: Int,
        stack: UnsafeMutableBufferPointer<Int>, depth startDepth: Int,
        recordsRootMembers: Bool, containerEnds: inout JSONContainerEnds, part: inout PartNotes
    ) -> Verdict {
        var depth = startDepth
        var i = P.resumes ? start : skipWhitespace(base, end, start)
        var expectsValue = !P.resumes
        nextValue: while true {
            if !P.resumes || expectsValue {
                if P.stops && i >= stop { return i == stop ? .reached(depth: depth) : .missed }
                guard i < end else { return .invalid }
                let byte = base[i]
                if byte == JSONByte.quote {
                    // Each kind of value checks its own failure, so that the commonest,
                    // a plain string found to its closing quote, checks none.
                    guard string(base, end, &i) else { return .invalid }
                } else if JSONByte.isDigit(byte) || byte == JSONByte.minus {
                    i = number(base, end, i)
                    guard i >= 0 else { return .invalid }
                } else if byte == JSONByte.openBrace || byte == JSONByte.openBracket {
                    guard depth < stack.count else { return stack.count < JSONSyntax.maximumDepth ? .tooDeep : .invalid }
                    // A part's depth adds to that of the array it began in (empty or not).
                    if P.inPart && depth >= part.deepest { part.deepest = depth &+ 1 }
                    let start = i
                    i = skipWhitespace(base, end, i &+ 1)
                    guard i < end else { return .invalid }
                    // `}` and `]` are two past `{` and `[`.
                    if base[i] == byte &+ 2 {
                        i &+= 1
                    } else {
                        stack[depth] = start
                        depth &+= 1
                        if byte == JSONByte.openBrace {
                            guard key(base, end, &i) else { return .invalid }
                        }
                        continue nextValue
                    }
                } else {
                    switch byte {
                    case 0x74: i = literal(Self.trueWord, base, end, i)
                    case 0x66:
                        i = literal(Self.falsWord, base, end, i)
                        if i >= 0 { i = i < end && base[i] == 0x65 ? i &+ 1 : -1 }
                    case 0x6E: i = literal(Self.nullWord, base, end, i)
                    case JSONByte.space, JSONByte.newline, JSONByte.carriageReturn, JSONByte.tab:
                        // Whitespace before a value is rare enough to be skipped here, not
                        // looked for after every `:` and `,`.
                        i = skipWhitespace(base, end, i)
                        continue nextValue
                    default: return .invalid
                    }
                    guard i >= 0 else { return .invalid }
                }
            }
            if P.resumes { expectsValue = true }
            // A value just ended: close containers until one continues or the text ends.
            while true {
                guard depth > 0 else {
                    guard P.inPart else { return skipWhitespace(base, end, i) == end ? .valid : .invalid }
                    // In the array the part began in: another element, or its end.
                    i = skipWhitespace(base, end, i)
                    guard i < end else { return .invalid }
                    if base[i] == JSONByte.comma {
                        i &+= 1
                        continue nextValue
                    }
                    return base[i] == JSONByte.closeBracket ? .closed(at: i) : .invalid
                }
                guard i < end else { return .invalid }
                var next = base[i]
                if next <= JSONByte.space {
                    i = skipWhitespace(base, end, i)
                    guard i < end else { return .invalid }
                    next = base[i]
                }
                let open = stack[depth &- 1]
                let kind = base[open]
                if next == JSONByte.comma {
                    i &+= 1
                    if kind == JSONByte.openBrace {
                        guard key(base, end, &i) else { return .invalid }
                    }
                    continue nextValue
                }
                guard next == kind &+ 2 else { return .invalid }
                i &+= 1
                depth &-= 1
                if P.notesNothing {
                    continue
                } else if P.inPart {
                    // A part knows no depth but its own: an element of its array is the
                    // root's member only if that array is the root (its caller decides).
                    if i &- open >= recordedContainerLength {
                        containerEnds.note(start: open, end: i)
                    } else if depth == 0 && recordsRootMembers {
                        part.elements.note(start: open, end: i)
                    }
                } else if (depth == 1 && recordsRootMembers) || i &- open >= recordedContainerLength {
                    // The root's own members are where paths start: a locator steps over
                    // them without a scan, whatever their size.
                    containerEnds.note(start: open, end: i)
                }
            }
        }
    }

    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        var i = start
        while i < end && base[i] <= JSONByte.space && JSONByte.isWhitespace(base[i]) { i &+= 1 }
        return i
    }

    /// Whitespace, `"key"`, whitespace and `:`, from `i` to just after the colon (whitespace
    /// before the value is the value's to skip); false when they are not there. A result
    /// that is true, not an offset, on the common path (a plain key and its colon at once)
    /// leaves the caller nothing to test. Transparent: as `inline(__always)` the optimizer
    /// inlined it into some of the walk's copies and not into the whole text's, whose
    /// 1 KB body then took 1,800 instructions more (callgrind) than with it inlined.
    @_transparent
    private static func key(_ base: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int) -> Bool {
        if i < end && base[i] <= JSONByte.space { i = skipWhitespace(base, end, i) }
        guard i < end, base[i] == JSONByte.quote, string(base, end, &i) else { return false }
        if i < end && base[i] == JSONByte.colon {
            i &+= 1
            return true
        }
        if i < end && base[i] <= JSONByte.space { i = skipWhitespace(base, end, i) }
        guard i < end, base[i] == JSONByte.colon else { return false }
        i &+= 1
        return true
    }

    /// A string from its opening quote at `i` to just after its closing quote; false when
    /// it is not a valid one. Inlined for the common string, plain ASCII found to its
    /// closing quote a word at a time, whose result is a constant true.
    @inline(__always)
    private static func string(_ base: UnsafePointer<UInt8>, _ end: Int, _ i: inout Int) -> Bool {
        let close = JSONByte.skipPlainString(base, end, from: i &+ 1)
        if close < end && base[close] == JSONByte.quote {
            i = close &+ 1
            return true
        }
        i = stringRest(base, end, close)
        return i >= 0
    }

    /// The rest of a string from `start`, inside it: escapes, non-ASCII, its last bytes.
    private static func stringRest(_ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        var i = start
        while true {
            i = JSONByte.skipPlainString(base, end, from: i)
            guard i < end else { return -1 }
            let byte = base[i]
            if byte == JSONByte.quote {
                return i &+ 1
            } else if byte == JSONByte.backslash {
                i = escape(base, end, i)
            } else if byte < 0x20 {
                return -1
            } else if byte < 0x80 {
                i &+= 1
            } else if byte >= 0xC2 && byte <= 0xDF {
                // The two-byte sequences (Latin, Greek, Cyrillic…) without the table.
                guard i &+ 1 < end, base[i &+ 1] & 0xC0 == 0x80 else { return -1 }
                i &+= 2
            } else if (byte >= 0xE1 && byte <= 0xEC) || byte == 0xEE || byte == 0xEF {
                // Three-byte sequences whose second byte may be any continuation byte (most
                // of the BMP: CJK, Indic, symbols); E0 and ED narrow it and take the table.
                guard i &+ 2 < end, base[i &+ 1] & 0xC0 == 0x80, base[i &+ 2] & 0xC0 == 0x80 else { return -1 }
                i &+= 3
            } else {
                i = JSONByte.utf8SequenceEnd(base, end, i)
            }
            guard i >= 0 else { return -1 }
        }
    }

    /// An escape from its backslash: the offset after it.
    @inline(__always)
    private static func escape(_ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        guard start &+ 1 < end else { return -1 }
        switch base[start &+ 1] {
        case JSONByte.quote, JSONByte.backslash, JSONByte.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:
            return start &+ 2
        case 0x75:
            // Four hex digits. Unpaired surrogate escapes are grammatical (RFC 8259
            // section 8.2) and accepted.
            guard start &+ 6 <= end, ASCIIHex.isDigit(base[start &+ 2]), ASCIIHex.isDigit(base[start &+ 3]),
                  ASCIIHex.isDigit(base[start &+ 4]), ASCIIHex.isDigit(base[start &+ 5]) else { return -1 }
            return start &+ 6
        default:
            return -1
        }
    }

    /// A number per RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    @inline(__always)
    private static func number(_ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        var i = start
        if base[i] == JSONByte.minus {
            i &+= 1
            guard i < end, JSONByte.isDigit(base[i]) else { return -1 }
        }
        if base[i] == JSONByte.zero {
            i &+= 1
            if i < end && JSONByte.isDigit(base[i]) { return -1 }
        } else {
            while i < end && JSONByte.isDigit(base[i]) { i &+= 1 }
        }
        if i < end && base[i] == JSONByte.dot {
            i &+= 1
            guard i < end, JSONByte.isDigit(base[i]) else { return -1 }
            while i < end && JSONByte.isDigit(base[i]) { i &+= 1 }
        }
        if i < end && (base[i] | 0x20) == 0x65 {
            i &+= 1
            if i < end && (base[i] == JSONByte.plus || base[i] == JSONByte.minus) { i &+= 1 }
            guard i < end, JSONByte.isDigit(base[i]) else { return -1 }
            while i < end && JSONByte.isDigit(base[i]) { i &+= 1 }
        }
        return i
    }

    /// `true`, `fals` (of `false`) and `null` as the little-endian words their bytes load as.
    private static let trueWord: UInt32 = 0x6575_7274
    private static let falsWord: UInt32 = 0x736C_6166
    private static let nullWord: UInt32 = 0x6C6C_756E

    /// The four bytes of `word` at `start`, compared in one load: the offset after them, or -1.
    @inline(__always)
    private static func literal(_ word: UInt32, _ base: UnsafePointer<UInt8>, _ end: Int, _ start: Int) -> Int {
        guard start &+ 4 <= end else { return -1 }
        return UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self)) == word ? start &+ 4 : -1
    }
}

extension JSONValidator.Pass {
    /// No stop, unless a pass says so.
    static var stops: Bool { false }
    /// Not a part, unless a pass says so.
    static var inPart: Bool { false }
    /// Before a value, unless a pass says so.
    static var resumes: Bool { false }
    /// Notes what it finds, unless a pass says so.
    static var notesNothing: Bool { false }
}
