/// Reads decimal numbers written as text (header values, query parameters, operands).
enum NumberText {
    /// The value of `-?digits[.digits][(e|E)[+-]digits]`, or `nil` for anything else
    /// (hex, `inf`, `nan`, surrounding spaces and empty text are not numbers).
    static func parse(_ text: String) -> Double? {
        var sawDigit = false
        var index = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard index == 0 || previousWasExponent(text, at: index) else { return nil }
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
            index += 1
        }
        guard sawDigit, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A finite number as JSON text: integers without a fraction; `0` for infinities and NaN.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    private static func previousWasExponent(_ text: String, at index: Int) -> Bool {
        let bytes = text.utf8
        let previous = bytes[bytes.index(bytes.startIndex, offsetBy: index - 1)]
        return previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
    }
}
