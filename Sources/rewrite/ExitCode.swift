/// The process exit status of `rewrite`.
///
/// The three codes swift-argument-parser distinguishes — success, failure and usage
/// error — except that a usage error is 2 (as the tool's issue asks, and as most Unix
/// tools do) instead of argument-parser's 64. `--help` says so.
/// It is an `Error` so that a failed step can hand the status back in a `Result`.
enum ExitCode: Int32, Error {
    /// The command did what was asked and found no error.
    case success = 0
    /// The command ran and found a problem: an error in a rule file.
    case failure = 1
    /// The command could not run as asked: bad arguments or an unreadable file.
    case usageError = 2

    /// The worse of two outcomes: a usage error beats a failure beats success.
    func combined(with other: ExitCode) -> ExitCode {
        rawValue >= other.rawValue ? self : other
    }
}
