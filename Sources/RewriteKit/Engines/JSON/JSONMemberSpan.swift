/// Where one object member lies in JSON text: its key literal and its value.
struct JSONMemberSpan: Sendable, Equatable {
    /// Offset of the key's opening quote.
    var keyStart: Int
    /// Offset just past the key's closing quote.
    var keyEnd: Int
    /// Offset of the value's first byte.
    var valueStart: Int
    /// Offset just past the value's last byte.
    var valueEnd: Int

    /// The value's bytes.
    var value: Range<Int> { valueStart..<valueEnd }
}
