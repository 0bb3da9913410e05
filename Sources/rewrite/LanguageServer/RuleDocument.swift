import Foundation
import RewriteKit

/// One open rule file, as the language server answers about it: its text, and LSP's
/// positions (0-based lines, UTF-16 code units) turned into the file's and back.
struct RuleDocument {
    let uri: String
    let text: String
    let source: SourceFile
    /// The UTF-8 bytes and where each line starts in them.
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(uri: String, text: String) {
        self.uri = uri
        self.text = text
        let url = URL(string: uri).flatMap { $0.isFileURL ? $0 : nil }
        source = SourceFile(name: url?.path ?? uri, text: text, baseDirectory: url?.deletingLastPathComponent())
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    // MARK: - Positions

    /// The LSP position of a byte offset.
    func position(ofOffset offset: Int) -> [String: Any] {
        let offset = min(max(0, offset), bytes.count)
        // The last line starting at or before the offset, by bisection (a 10 MB file has
        // hundreds of thousands of lines, and every diagnostic and symbol asks).
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let line = low
        let prefix = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self)
        return ["line": line, "character": prefix.utf16.count]
    }

    /// The LSP range of a source range.
    func range(_ range: SourceRange) -> [String: Any] {
        ["start": position(ofOffset: range.start.offset), "end": position(ofOffset: range.end.offset)]
    }

    /// The text of line `line` (0-based), without its line break.
    func line(_ line: Int) -> String {
        guard line >= 0, line < lineStarts.count else { return "" }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        return String(decoding: bytes[lineStarts[line]..<max(lineStarts[line], end)], as: UTF8.self)
    }

    /// The byte offset of an LSP position.
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0, line < lineStarts.count else { return bytes.count }
        let text = self.line(line)
        let prefix = String(text.utf16.prefix(max(0, character))) ?? text
        return lineStarts[line] + prefix.utf8.count
    }

    /// The range of the whole document.
    private var wholeRange: [String: Any] {
        ["start": ["line": 0, "character": 0], "end": position(ofOffset: bytes.count)]
    }

    // MARK: - Diagnostics

    /// The compiler's diagnostics, as LSP diagnostics.
    func diagnostics() -> [LSPDiagnostic] {
        Compiler.compile(source).diagnostics.map { LSPDiagnostic($0, in: self) }
    }

    /// A quick fix for each diagnostic with a fix-it on the lines of `range`.
    func quickFixes(in range: [String: Any]) -> [[String: Any]] {
        let first = (range["start"] as? [String: Any])?["line"] as? Int ?? 0
        let last = (range["end"] as? [String: Any])?["line"] as? Int ?? Int.max
        return Compiler.compile(source).diagnostics.compactMap { diagnostic in
            guard let fix = diagnostic.fixIt else { return nil }
            let line = fix.range.start.line - 1
            guard line >= first, line <= last else { return nil }
            let edit: [String: Any] = ["range": self.range(fix.range), "newText": fix.replacement]
            return [
                "title": "Replace with '\(fix.replacement)'", "kind": "quickfix", "isPreferred": true,
                "diagnostics": [LSPDiagnostic(diagnostic, in: self).json],
                "edit": ["changes": [uri: [edit]]],
            ]
        }
    }

    // MARK: - Completion and hover

    /// The words that fit at `position`, with their summaries.
    func completion(at position: (line: Int, character: Int)) -> [String: Any] {
        let cursor = offset(line: position.line, character: position.character)
        let context = CompletionContext(before: Array(bytes[..<cursor]))
        let items = context.words.map { word -> [String: Any] in
            var item: [String: Any] = ["label": word, "kind": 14]
            if let summary = RuleVocabulary.summary(of: word) { item["detail"] = summary }
            return item
        }
        return ["isIncomplete": false, "items": items]
    }

    /// The summary of the word under `position`, if it is a word of the language.
    func hover(at position: (line: Int, character: Int)) -> Any? {
        let text = Array(line(position.line).utf16)
        let isWordUnit = { (unit: UInt16) -> Bool in
            (unit >= 97 && unit <= 122) || (unit >= 65 && unit <= 90) || unit == 45
        }
        var start = min(max(0, position.character), text.count)
        var end = start
        while start > 0, isWordUnit(text[start - 1]) { start -= 1 }
        while end < text.count, isWordUnit(text[end]) { end += 1 }
        guard start < end, let summary = RuleVocabulary.summary(of: String(decoding: text[start..<end], as: UTF16.self)) else { return nil }
        return [
            "contents": ["kind": "markdown", "value": summary],
            "range": ["start": ["line": position.line, "character": start], "end": ["line": position.line, "character": end]],
        ]
    }

    // MARK: - Definition, symbols, formatting

    /// The file a `file "PATH"` under `position` names, when it exists.
    func definition(at position: (line: Int, character: Int)) -> Any? {
        let text = line(position.line)
        let units = Array(text.utf16)
        let cursor = min(max(0, position.character), units.count)
        // The string literal around the cursor: the quotes before and after it on the line.
        guard let open = units[..<cursor].lastIndex(of: 34), let close = units[cursor...].firstIndex(of: 34),
              String(decoding: units[..<open], as: UTF16.self).trimmingCharacters(in: .whitespaces).hasSuffix("file"),
              let folder = source.baseDirectory
        else { return nil }
        let path = String(decoding: units[(open + 1)..<close], as: UTF16.self)
        let target = URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: target.path) else { return nil }
        let start: [String: Any] = ["line": 0, "character": 0]
        return ["uri": target.absoluteString, "range": ["start": start, "end": start]]
    }

    /// One symbol per rule.
    func symbols() -> [[String: Any]] {
        RuleOutline(source).entries.map { entry in
            ["name": entry.name, "kind": 12, "range": range(entry.range), "selectionRange": range(entry.nameRange)]
        }
    }

    /// The edit `rewrite fmt` makes: the whole text replaced, or nothing.
    func formatting() -> [[String: Any]] {
        guard case .formatted(let formatted) = RuleFormatter.format(source), formatted != text else { return [] }
        return [["range": wholeRange, "newText": formatted]]
    }
}

/// A diagnostic as LSP sends it.
struct LSPDiagnostic {
    let json: [String: Any]

    init(_ diagnostic: Diagnostic, in document: RuleDocument) {
        var json: [String: Any] = [
            "range": document.range(diagnostic.range),
            "severity": diagnostic.isError ? 1 : 2,
            "code": diagnostic.identifier,
            "source": "rewrite",
            "message": diagnostic.message,
        ]
        let related = diagnostic.notes.compactMap { note -> [String: Any]? in
            guard let range = note.range else { return nil }
            return ["location": ["uri": document.uri, "range": document.range(range)], "message": note.message]
        }
        if !related.isEmpty { json["relatedInformation"] = related }
        self.json = json
    }
}

/// Which words fit where the cursor is, from the text before it: the blocks it is in (by
/// the first word of the statement that opened each) and the words of its statement so far.
struct CompletionContext {
    private var blocks: [String] = []
    private var statement: [String] = []

    init(before bytes: [UInt8]) {
        var word: [UInt8] = []
        var index = 0
        func endWord() {
            if !word.isEmpty { statement.append(String(decoding: word, as: UTF8.self)) }
            word = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                endWord()
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\n") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                statement.append("\"…\"")
            case UInt8(ascii: "#"):
                endWord()
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "{"):
                endWord()
                blocks.append(statement.first ?? "")
                statement = []
            case UInt8(ascii: "}"):
                endWord()
                _ = blocks.popLast()
                statement = []
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                endWord()
                statement = []
            case UInt8(ascii: "("):
                endWord()
                statement.append("(")
            default:
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") { endWord() } else { word.append(byte) }
            }
            index += 1
        }
        // A word still being typed (in `word`) is what is completed: it is not one of the
        // statement's words.
    }

    /// The words that fit.
    var words: [String] {
        guard let block = blocks.last else { return RuleVocabulary.words(at: .topLevel) }
        let last = statement.last
        if ["when", "and", "or", "not", "("].contains(last ?? "") { return RuleVocabulary.words(at: .subject) }
        switch block {
        case "rule":
            if statement.first == "fail" { return statement.count == 1 ? RuleVocabulary.words(at: .failure) : [] }
            return statement.isEmpty ? RuleVocabulary.words(at: .clause) : []
        case "request", "response":
            return statement.isEmpty ? RuleVocabulary.words(at: .action) : []
        case "respond":
            return statement.isEmpty ? RuleVocabulary.words(at: .respondPart) : []
        default:
            return []
        }
    }
}
