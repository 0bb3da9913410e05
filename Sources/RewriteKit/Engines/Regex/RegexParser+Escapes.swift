/// Escapes (`\d`, `\u{1F600}`, `\.`) and character classes (`[^a-z\d_-]`).
extension RegexParser {
    /// What an escape denotes.
    enum Escape {
        /// One scalar.
        case scalar(UInt32)
        /// A set of scalars (`\d`, `\W`…), already complemented for the upper-case forms.
        case set([ClosedRange<UInt32>])
        /// `\b` or `\B` outside a class.
        case assertion(RegexAssertion)
    }

    /// An escape outside a character class, as a node.
    mutating func parseEscape() throws(RegexSyntaxError) -> RegexNode {
        switch try parseEscapeSequence(inClass: false) {
        case .scalar(let value):
            guard let scalar = Unicode.Scalar(value) else { return .empty }
            return .scalar(scalar)
        case .set(let ranges):
            return .characterClass(CharacterClass(ranges: ranges, caseInsensitive: caseInsensitive))
        case .assertion(let assertion):
            return .assertion(assertion)
        }
    }

    /// Reads the escape at the current `\`.
    mutating func parseEscapeSequence(inClass: Bool) throws(RegexSyntaxError) -> Escape {
        let start = position
        guard let letter = scalar(at: position + 1) else { throw .trailingBackslash(at: start) }
        position += 2
        switch letter {
        case "d": return .set(CharacterClass.digitRanges)
        case "D": return .set(CharacterClass.complement(CharacterClass.digitRanges))
        case "w": return .set(CharacterClass.wordRanges)
        case "W": return .set(CharacterClass.complement(CharacterClass.wordRanges))
        case "s": return .set(CharacterClass.spaceRanges)
        case "S": return .set(CharacterClass.complement(CharacterClass.spaceRanges))
        case "b": return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
        case "B" where !inClass: return .assertion(.notWordBoundary)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "v": return .scalar(0x0B)
        case "f": return .scalar(0x0C)
        case "r": return .scalar(0x0D)
        case "0":
            if let next = peek, ("0"..."9").contains(next) { throw .octalEscape(text(start, position + 1), at: start) }
            return .scalar(0)
        case "1"..."9", "k", "g":
            throw .backreference(at: start)
        case "u":
            return .scalar(try parseHexScalar(start: start, fixedDigits: 4))
        case "x":
            return .scalar(try parseHexScalar(start: start, fixedDigits: 2))
        default:
            if letter.isASCII && (letter.properties.isAlphabetic || ("0"..."9").contains(letter)) {
                throw .unknownEscape(text(start, position), at: start)
            }
            return .scalar(letter.value)
        }
    }

    /// The hex digits after `\u` or `\x`: exactly `fixedDigits` of them, or any number in
    /// braces (`\x{00000061}`, as RE2 reads it) naming a scalar up to U+10FFFF. The error
    /// quotes the whole escape.
    private mutating func parseHexScalar(start: Int, fixedDigits: Int) throws(RegexSyntaxError) -> UInt32 {
        let braced = peek == "{"
        if braced { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while let next = peek, next.isASCII, let digit = Character(next).hexDigitValue, braced || digits < fixedDigits {
            // Past U+10FFFF the value only has to stay invalid, not grow (or overflow).
            if value <= CharacterClass.maxScalar { value = value * 16 + UInt32(digit) }
            digits += 1
            position += 1
        }
        let valid = braced ? (digits >= 1 && peek == "}") : digits == fixedDigits
        if braced && peek == "}" { position += 1 }
        guard valid, Unicode.Scalar(value) != nil else {
            throw .invalidScalarEscape(text(start, position), at: start)
        }
        return value
    }

    /// A character class at `[`.
    mutating func parseClass() throws(RegexSyntaxError) -> CharacterClass {
        let open = position
        position += 1
        let negated = peek == "^"
        if negated { position += 1 }
        var members: [ClosedRange<UInt32>] = []
        var first = true
        while true {
            guard let next = peek else { throw .unterminatedClass(at: open) }
            if next == "]" && !first {
                position += 1
                break
            }
            first = false
            let itemStart = position
            let low = try parseClassItem()
            guard peek == "-", let after = scalar(at: position + 1), after != "]" else {
                members.append(contentsOf: low)
                continue
            }
            position += 1
            let high = try parseClassItem()
            guard low.count == 1, high.count == 1, low[0].count == 1, high[0].count == 1,
                  low[0].lowerBound <= high[0].lowerBound else {
                throw .invalidRange(text(itemStart, position), at: itemStart)
            }
            members.append(low[0].lowerBound...high[0].lowerBound)
        }
        return CharacterClass(ranges: members, negated: negated, caseInsensitive: caseInsensitive)
    }

    /// One literal, escape or POSIX class (`[:alpha:]`, `[:^digit:]`) inside a class, as
    /// ranges (one one-scalar range for a literal).
    private mutating func parseClassItem() throws(RegexSyntaxError) -> [ClosedRange<UInt32>] {
        guard let next = peek else { return [] }
        if next == "[", scalar(at: position + 1) == ":", let ranges = try parsePOSIXClass() { return ranges }
        guard next == "\\" else {
            position += 1
            return [next.value...next.value]
        }
        let start = position
        switch try parseEscapeSequence(inClass: true) {
        case .scalar(let value): return [value...value]
        case .set(let ranges): return ranges
        case .assertion: throw .unknownEscape(text(start, position), at: start)
        }
    }

    /// A POSIX class at `[:` inside a class, as RE2 reads them (ASCII only); nil when no
    /// `:]` closes it, so `[` is then a literal.
    private mutating func parsePOSIXClass() throws(RegexSyntaxError) -> [ClosedRange<UInt32>]? {
        let start = position
        var end = position + 2
        while let character = scalar(at: end), character != "]" {
            if character == ":", scalar(at: end + 1) == "]" {
                let name = text(start + 2, end)
                let negated = name.hasPrefix("^")
                guard let ranges = CharacterClass.posixRanges[negated ? String(name.dropFirst()) : name] else {
                    throw .unknownPOSIXClass(text(start, end + 2), at: start)
                }
                position = end + 2
                return negated ? CharacterClass.complement(ranges) : ranges
            }
            end += 1
        }
        return nil
    }
}
