/// Simple, scalar-to-scalar case folding for case-insensitive regexes and globs.
///
/// ASCII takes a fast path; other scalars use the Unicode simple lower/upper/title
/// case mappings when they map to exactly one scalar. Multi-scalar mappings (`ß` → `SS`)
/// are ignored, so `ß` only matches itself.
enum CaseFolding {
    /// The lower-case form of `value`, or `value` itself when it has none.
    static func lower(_ value: UInt32) -> UInt32 {
        if value < 0x80 {
            return (value >= 0x41 && value <= 0x5A) ? value + 0x20 : value
        }
        return single(Unicode.Scalar(value)?.properties.lowercaseMapping) ?? value
    }

    /// The other case forms of `value` (lower, upper and title case), without `value`.
    static func variants(of value: UInt32) -> [UInt32] {
        if value < 0x80 {
            if value >= 0x41 && value <= 0x5A { return [value + 0x20] }
            if value >= 0x61 && value <= 0x7A { return [value - 0x20] }
            return []
        }
        guard let scalar = Unicode.Scalar(value) else { return [] }
        let properties = scalar.properties
        var result: [UInt32] = []
        for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
            if let other = single(mapping), other != value, !result.contains(other) {
                result.append(other)
            }
        }
        return result
    }

    /// The scalar value of a one-scalar string, else `nil`.
    private static func single(_ string: String?) -> UInt32? {
        guard let scalars = string?.unicodeScalars, let first = scalars.first,
              scalars.index(after: scalars.startIndex) == scalars.endIndex else { return nil }
        return first.value
    }
}
