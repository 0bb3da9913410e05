/// What ``RecordingWriter`` does with a recording that already exists.
public enum RecordingMode: String, Sendable, Hashable, CaseIterable {
    /// Record once: write the recording if there is none, and never touch an existing one
    /// (the usual mode for a test's fixtures: the first run records, later runs replay).
    case once
    /// Record new exchanges: keep the existing recording and append the exchanges none of
    /// its rules answers, so a replaying test can grow its fixtures.
    case new
    /// Record everything again: replace the existing recording and the bodies it wrote.
    case all
}
