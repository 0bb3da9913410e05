import Foundation

/// A HAR file that cannot be read: not JSON, or without the structure every HAR has (a
/// `log` with `entries`, each with a `request` that has a `method` and a `url`).
public struct HTTPArchiveError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Where in the document: `log.entries[3].request.url`, or empty for the whole text.
    public let path: String
    /// What is wrong there: `missing`, `expected a string, found a number`, or for text
    /// that is not JSON, the JSON error (`not valid JSON: expected a value, found 'o'`).
    public let message: String
    /// Where the offending text starts: its line and column (from 1, the column in Unicode
    /// scalars) and byte offset, as a rule file's diagnostics give theirs.
    public let location: SourceLocation

    /// `not a HAR file: PATH: MESSAGE`.
    public var description: String {
        "not a HAR file: " + (path.isEmpty ? "" : path + ": ") + message
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// An error at byte `offset` of `bytes`.
    init(path: String, message: String, offset: Int, in bytes: [UInt8]) {
        self.path = path
        self.message = message
        var (line, lineStart) = (1, 0)
        let end = min(max(offset, 0), bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Scalars start at every byte that is not a UTF-8 continuation byte.
        let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        location = SourceLocation(line: line, column: column, offset: end)
    }
}
