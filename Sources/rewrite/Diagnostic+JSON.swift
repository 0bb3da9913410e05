import RewriteKit

extension Diagnostic {
    /// The diagnostic as `rewrite check --format json` prints it:
    /// `{file, line, column, endLine, endColumn, severity, identifier, message, notes, fixit}`.
    var json: [String: Any] {
        [
            "file": file,
            "line": range.start.line,
            "column": range.start.column,
            "endLine": range.end.line,
            "endColumn": range.end.column,
            "severity": severity.rawValue,
            "identifier": identifier,
            "message": message,
            "notes": notes.map(\.json),
            "fixit": fixIt.map(\.json) ?? JSONOutput.null,
        ]
    }
}

extension Diagnostic.Note {
    /// `{message, line?, column?}`: the position only when the note has one.
    var json: [String: Any] {
        var members: [String: Any] = ["message": message]
        if let range {
            members["line"] = range.start.line
            members["column"] = range.start.column
        }
        return members
    }
}

extension Diagnostic.FixIt {
    /// `{line, column, endLine, endColumn, replacement}`.
    var json: [String: Any] {
        [
            "line": range.start.line,
            "column": range.start.column,
            "endLine": range.end.line,
            "endColumn": range.end.column,
            "replacement": replacement,
        ]
    }
}
