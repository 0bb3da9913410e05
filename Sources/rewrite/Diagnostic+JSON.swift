import RewriteKit

extension Diagnostic {
    /// The diagnostic as `rewrite check --format json` prints it:
    /// `{file, line, column, endLine, endColumn, severity, message, notes, fixit}`.
    var json: JSONValue {
        .object([
            "file": .string(file),
            "line": .int(range.start.line),
            "column": .int(range.start.column),
            "endLine": .int(range.end.line),
            "endColumn": .int(range.end.column),
            "severity": .string(severity.rawValue),
            "message": .string(message),
            "notes": .array(notes.map(\.json)),
            "fixit": fixIt.map(\.json) ?? .null,
        ])
    }

    /// The same diagnostic reported as an error (`--warnings-as-errors`).
    var promotedToError: Diagnostic {
        guard severity == .warning else { return self }
        var copy = self
        copy.severity = .error
        return copy
    }
}

extension Diagnostic.Note {
    /// `{message, line?, column?}`: the position only when the note has one.
    var json: JSONValue {
        var members: [String: JSONValue] = ["message": .string(message)]
        if let range {
            members["line"] = .int(range.start.line)
            members["column"] = .int(range.start.column)
        }
        return .object(members)
    }
}

extension Diagnostic.FixIt {
    /// `{line, column, endLine, endColumn, replacement}`.
    var json: JSONValue {
        .object([
            "line": .int(range.start.line),
            "column": .int(range.start.column),
            "endLine": .int(range.end.line),
            "endColumn": .int(range.end.column),
            "replacement": .string(replacement),
        ])
    }
}
