/// Number and literal scanning for ``JSONSyntaxScanner``.
extension JSONSyntaxScanner {
    /// Scans a number per RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONSyntaxError) {
        let start = index
        if base[index] == JSONByte.minus {
            index &+= 1
            guard index < end, JSONByte.isDigit(base[index]) else {
                throw failure("expected digit after '-', found \(found())")
            }
        }
        if base[index] == JSONByte.zero {
            index &+= 1
            if index < end && JSONByte.isDigit(base[index]) {
                throw failure("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            skipDigits()
        }
        if index < end && base[index] == JSONByte.dot {
            index &+= 1
            guard index < end, JSONByte.isDigit(base[index]) else {
                throw failure("expected digit after '.' in number, found \(found())")
            }
            skipDigits()
        }
        if index < end && (base[index] | 0x20) == 0x65 {
            index &+= 1
            if index < end && (base[index] == JSONByte.plus || base[index] == JSONByte.minus) {
                index &+= 1
            }
            guard index < end, JSONByte.isDigit(base[index]) else {
                throw failure("expected digit in exponent, found \(found())")
            }
            skipDigits()
        }
    }

    /// Advances past a run of decimal digits.
    @inline(__always)
    private mutating func skipDigits() {
        while index < end && JSONByte.isDigit(base[index]) {
            index &+= 1
        }
    }

    /// Scans the literal `word` (`true`, `false` or `null`).
    mutating func scanLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let expected = word.utf8Start
        guard index &+ length <= end else {
            throw failure("invalid literal, expected '\(word)'")
        }
        for offset in 0..<length where base[index &+ offset] != expected[offset] {
            throw failure("invalid literal, expected '\(word)'")
        }
        index &+= length
    }
}
