/// An amount of data written in a rule file: `512B`, `64KB`, `1MB`, `2GB`.
///
/// Units are binary: 1KB = 1024 bytes, 1MB = 1024 KB, 1GB = 1024 MB.
struct SizeValue: Sendable, Hashable {
    /// The size in bytes (fractions of a byte are rounded).
    let bytes: Int64
    /// The spelling in the source (`64KB`).
    let raw: String
    /// The literal's position.
    let range: SourceRange

    /// The size units and how many bytes each is.
    static let units: [(name: String, bytes: Double)] = [
        ("B", 1), ("KB", 1024), ("MB", 1024 * 1024), ("GB", 1024 * 1024 * 1024),
    ]

    /// Creates a size.
    init(bytes: Int64, raw: String, range: SourceRange) {
        self.bytes = bytes
        self.raw = raw
        self.range = range
    }
}
