/// Why bytes are not a multipart body the rules can read: the body then goes on exactly
/// as it came, and the trace says why.
struct MultipartSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    enum Kind: Sendable, Equatable {
        /// No line is the first delimiter (`--BOUNDARY`).
        case noDelimiter
        /// The body ends before its closing delimiter (`--BOUNDARY--`).
        case noClosingDelimiter
        /// A part's header lines run past ``MultipartScanner/headerLimit`` bytes.
        case headersTooLong
        /// A header line has no `:`.
        case malformedHeader
        /// More than ``MultipartScanner/partLimit`` parts.
        case tooManyParts
    }

    /// What is wrong.
    let kind: Kind
    /// The byte offset where it was found.
    let offset: Int

    var description: String {
        switch kind {
        case .noDelimiter: "no line is the boundary's first delimiter"
        case .noClosingDelimiter: "the body ends at byte \(offset) before its closing boundary"
        case .headersTooLong: "a part's headers at byte \(offset) are longer than \(MultipartScanner.headerLimit) bytes"
        case .malformedHeader: "a part's header line at byte \(offset) has no ':'"
        case .tooManyParts: "more than \(MultipartScanner.partLimit) parts"
        }
    }
}
