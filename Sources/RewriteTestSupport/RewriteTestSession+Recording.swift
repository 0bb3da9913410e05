import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

extension RewriteTestSession {
    /// A session that replays a recording, or records one: the first run of a test talks
    /// to the real server and writes `FOLDER/NAME.rules` with its body fixtures when the
    /// test calls ``finishRecording()``; later runs answer from the recording, offline.
    ///
    /// ```swift
    /// let stubs = try RewriteTestSession(recording: "feed", in: fixturesFolder)
    /// let client = APIClient(session: stubs.session)
    /// _ = try await client.feed()
    /// try stubs.finishRecording()
    /// ```
    ///
    /// - `RecordingMode.once` (the default): replay the recording if it exists (nothing is
    ///   captured or written), else record it.
    /// - `RecordingMode.new`: replay what the recording answers and record the rest,
    ///   appended by ``finishRecording()``.
    /// - `RecordingMode.all`: record everything again, replacing the recording.
    ///
    /// - Throws: `RuleSetError` when an existing recording has errors.
    public convenience init(
        recording name: String, in folder: URL, mode: RecordingMode = .once, configuration: URLSessionConfiguration = .ephemeral
    ) throws {
        let writer = RecordingWriter(folder: folder, name: name, mode: mode)
        let exists = FileManager.default.fileExists(atPath: writer.rulesFile.path)
        let replayed = exists && mode != .all ? [try RuleSet(contentsOf: writer.rulesFile)] : []
        let records = !(exists && mode == .once)
        try self.init(ruleSets: replayed, configuration: configuration, recordingWith: records ? writer : nil)
    }

    /// Whether this session records (a recording session whose recording did not exist,
    /// or one in mode `new` or `all`).
    public var isRecording: Bool { recording != nil }

    /// The traffic captured so far as a HAR 1.2 log, when this session records.
    public var archive: HTTPArchive? { recording?.capture.archive }

    /// Writes the recording from the traffic so far (nothing when the session replays).
    ///
    /// - Returns: what was written, or nil when the session only replays.
    /// - Throws: what `RecordingWriter.write(_:)` throws.
    @discardableResult
    public func finishRecording() throws -> RecordingSummary? {
        guard let recording else { return nil }
        recording.capture.stop()
        return try recording.capture.record(recording.writer)
    }
}
