import Foundation

/// The text of one rule file together with what is needed to report positions in it.
///
/// A source file knows its display name (used in diagnostics), its text, the folder that
/// `body file "PATH"` is resolved against, and a line table that maps byte offsets to
/// 1-based lines and columns.
package struct SourceFile: Sendable {
    /// The name shown in diagnostics, e.g. `Rules/api.rules` or `<stdin>`.
    package let name: String
    /// The file's text.
    package let text: String
    /// The folder relative `body file` paths are resolved against; `nil` when the text
    /// has no folder (standard input, a string in code).
    package let baseDirectory: URL?
    /// The text as UTF-8 bytes.
    let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    let lineStarts: [Int]

    /// Creates a source file from text. A leading byte-order mark (as Windows editors save
    /// UTF-8) is dropped, so positions count from the first real character.
    package init(name: String, text rawText: String, baseDirectory: URL? = nil) {
        var text = rawText
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        self.name = name
        self.text = text
        self.baseDirectory = baseDirectory
        let bytes = Array(text.utf8)
        self.bytes = bytes
        // memchr finds each line feed: a 100,000-rule file has half a million lines.
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        self.lineStarts = starts
    }

    /// Creates a source file from raw bytes; invalid UTF-8 is replaced by U+FFFD.
    package init(name: String, bytes: [UInt8], baseDirectory: URL? = nil) {
        self.init(name: name, text: String(decoding: bytes, as: UTF8.self), baseDirectory: baseDirectory)
    }

    /// Reads a rule file from disk; its folder becomes the base directory.
    package init(contentsOf url: URL, name: String? = nil) throws {
        let data = try Data(contentsOf: url)
        self.init(
            name: name ?? url.path,
            bytes: [UInt8](data),
            baseDirectory: url.deletingLastPathComponent()
        )
    }

    /// The number of lines (a file without a final newline still counts its last line).
    package var lineCount: Int { lineStarts.count }

    /// The location of a UTF-8 byte offset (clamped to the text).
    package func location(atOffset rawOffset: Int) -> SourceLocation {
        let offset = min(max(rawOffset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // Do not count the lead byte of a scalar we stopped inside of.
        return SourceLocation(line: low + 1, column: column, offset: offset)
    }

    /// The text of a 1-based line without its line break, or `nil` past the end.
    package func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source text covered by a range.
    package func text(in range: SourceRange) -> String {
        let start = min(max(range.start.offset, 0), bytes.count)
        let end = min(max(range.end.offset, start), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
