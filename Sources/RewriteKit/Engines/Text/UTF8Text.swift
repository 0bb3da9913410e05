/// UTF-8 validation without Foundation.
enum UTF8Text {
    /// The bytes as a string when they are valid UTF-8, else `nil` (never repaired with U+FFFD).
    static func validated<C: Collection<UInt8>>(_ bytes: C) -> String? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
