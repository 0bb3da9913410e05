/// A JSON number: its exact spelling plus a `Double` approximation.
///
/// Equality is exact decimal equality of the spelled values, so `1 == 1.0 == 1e0 == 10e-1`,
/// `-0 == 0`, and `12345678901234567890 != 12345678901234567891` even though their
/// `Double`s are equal. (Exponents beyond ±10^15 saturate.)
struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written in the JSON text, for example `1.0E+2`.
    let raw: String
    /// The nearest `Double` (infinite when out of range).
    let double: Double

    /// Creates a number from JSON number text; `nil` unless `raw` follows the RFC 8259 grammar.
    init?(_ raw: String) {
        let bytes = Array(raw.utf8)
        guard let first = bytes.first, first == JSONByte.minus || JSONByte.isDigit(first),
              JSONSyntax.validate(bytes) == nil else { return nil }
        self.init(validated: raw)
    }

    /// Creates a number from text already known to be a valid JSON number.
    init(validated raw: String) {
        self.raw = raw
        self.double = Double(raw) ?? .nan
    }

    /// Creates a number from an integer.
    init(_ value: Int) {
        self.init(validated: String(value))
    }

    /// The spelling, as it appears in JSON.
    var description: String { raw }

    /// Sign, significant digits and exponent such that the value is `±0.digits × 10^exponent`.
    var decimal: (negative: Bool, digits: [UInt8], exponent: Int) {
        var negative = false
        var digits: [UInt8] = []
        var pointPosition = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0 // 0 integer, 1 fraction, 2 exponent
        for byte in raw.utf8 {
            switch byte {
            case JSONByte.minus where part == 0: negative = true
            case JSONByte.minus: exponentNegative = true
            case JSONByte.plus: break
            case JSONByte.dot: part = 1
            case 0x65, 0x45: part = 2
            default:
                let digit = Int(byte &- JSONByte.zero)
                if part == 2 {
                    exponent = min(exponent &* 10 &+ digit, 1_000_000_000_000_000)
                } else {
                    if part == 0 { pointPosition &+= 1 }
                    if digits.isEmpty && digit == 0 {
                        pointPosition &-= 1
                    } else {
                        digits.append(UInt8(digit))
                    }
                }
            }
        }
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { return (false, [], 0) }
        return (negative, digits, pointPosition &+ (exponentNegative ? -exponent : exponent))
    }

    /// Exact decimal equality of the two spelled values.
    static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.raw == rhs.raw { return true }
        let (a, b) = (lhs.decimal, rhs.decimal)
        return a.negative == b.negative && a.digits == b.digits && a.exponent == b.exponent
    }

    /// Hashes the normalized decimal, consistent with `==`.
    func hash(into hasher: inout Hasher) {
        let value = decimal
        hasher.combine(value.negative)
        hasher.combine(value.digits)
        hasher.combine(value.exponent)
    }
}
