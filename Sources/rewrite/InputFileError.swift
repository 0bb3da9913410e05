import RewriteKit

/// A file the command line named is not what the command needs (a HAR file that is not
/// JSON, or not a HAR): one line on standard error, `FILE:LINE:COLUMN: error: MESSAGE`, as
/// compilers write it, and exit status 1. No usage text: the command line was right.
struct InputFileError: Error, Equatable {
    /// The file as typed (`-` for standard input).
    let path: String
    /// The line and column of the problem, from 1.
    let line: Int
    let column: Int
    /// What is wrong there.
    let message: String

    /// The error of a HAR file.
    init(path: String, _ error: HTTPArchiveError) {
        self.path = path
        line = error.location.line
        column = error.location.column
        message = error.description
    }

    /// The line for standard error.
    var rendered: String {
        "\(path):\(line):\(column): error: \(message)\n"
    }
}
