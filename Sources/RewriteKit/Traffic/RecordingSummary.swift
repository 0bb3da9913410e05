import Foundation

/// What ``RecordingWriter/write(_:)`` did.
public struct RecordingSummary: Sendable, Hashable {
    /// The rule file.
    public internal(set) var rulesFile: URL
    /// The rules written by this call (0 when nothing was new).
    public internal(set) var rulesWritten: Int
    /// The body fixture files written by this call.
    public internal(set) var bodiesWritten: Int
    /// The exchanges the rules written by this call replay.
    public internal(set) var exchangesRecorded: Int
    /// Exchanges left out, with the reason for each: failed requests, answers that came
    /// from rules rather than the network, bodies over the capture's limit, and (mode
    /// ``RecordingMode/new``) requests the existing recording already answers.
    public internal(set) var skipped: [String]
    /// Whether an existing recording was left as it was (mode ``RecordingMode/once``).
    public internal(set) var keptExisting: Bool
}
