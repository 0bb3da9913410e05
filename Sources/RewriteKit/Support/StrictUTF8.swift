extension String {
    /// The bytes as a string when they are valid UTF-8, `nil` when they are not.
    ///
    /// What the standard library's `String(validating:as:)` does, which needs iOS 18 and
    /// macOS 15: valid UTF-8 decodes to the same bytes, and anything invalid is repaired
    /// with U+FFFD, which changes them (a U+FFFD already in the input is valid and stays).
    package init?(strictUTF8 bytes: [UInt8]) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
