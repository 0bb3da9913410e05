/// A stretch of a rule file that begins where a line begins with `rule`, so that it can be
/// lexed and parsed apart from the rest: a large file is compiled in parts on several
/// processors (see `Compiler.compileInParts`).
///
/// Where a part begins is found from the text alone, so it can be wrong: a line inside a
/// multi-line JSON literal, or inside a rule whose `}` is missing, may begin with `rule`.
/// Then the part before it ends in an unterminated literal or an unclosed rule, and its
/// lexer or parser reports an error. A file is only compiled in parts when no part's lexer
/// or parser reports anything; otherwise it is compiled again as a whole, which is what
/// gives its diagnostics.
struct FilePart: Sendable, Equatable {
    /// The first byte of the part: column 1 of its first line.
    let start: SourceLocation
    /// The byte offset where the part ends (the next part's start, or the file's end).
    let end: Int

    /// Splits a file into at most `count` parts of about equal size, each after the first
    /// beginning at a line that starts with `rule` followed by a space, a tab or a quote.
    /// A file too short to split, or without such lines, is one part.
    static func split(_ source: SourceFile, into count: Int) -> [FilePart] {
        let bytes = source.bytes
        let lineStarts = source.lineStarts
        var starts: [SourceLocation] = [SourceLocation(line: 1, column: 1, offset: 0)]
        var line = 0
        for index in 1..<max(count, 1) {
            let target = bytes.count / count * index
            // The first line at or after the target, and after the last part's first line.
            line = max(line + 1, firstLine(atOrAfter: target, in: lineStarts))
            while line < lineStarts.count, !startsRule(bytes, at: lineStarts[line]) { line += 1 }
            guard line < lineStarts.count else { break }
            starts.append(SourceLocation(line: line + 1, column: 1, offset: lineStarts[line]))
        }
        return starts.indices.map { index in
            FilePart(start: starts[index], end: index + 1 < starts.count ? starts[index + 1].offset : bytes.count)
        }
    }

    /// The index of the first line starting at or after `offset`.
    private static func firstLine(atOrAfter offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether the text at `offset` is `rule` and then a space, a tab or a quote.
    private static func startsRule(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset + 5 <= bytes.count else { return false }
        let after = bytes[offset + 4]
        return bytes[offset] == UInt8(ascii: "r") && bytes[offset + 1] == UInt8(ascii: "u")
            && bytes[offset + 2] == UInt8(ascii: "l") && bytes[offset + 3] == UInt8(ascii: "e")
            && (after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\""))
    }
}
