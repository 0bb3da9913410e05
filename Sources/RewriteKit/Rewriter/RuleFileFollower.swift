import Dispatch
import Foundation

/// Follows rule files on disk for a ``Rewriter``, made by
/// ``Rewriter/followRuleFiles(_:checkingEvery:)``: when it starts and each time a file changes, the files are
/// loaded again and, if they load, become the rewriter's rules for requests that start
/// afterwards. Keep it: following stops at ``stop()`` or when it is released.
public final class RuleFileFollower: Sendable {
    /// What a file looked like when last read: its size and modification time.
    private struct Signature: Equatable {
        var size: UInt64
        var modified: Date
    }

    private struct State {
        var signatures: [Signature?] = []
        var timer: DispatchSourceTimer?
    }

    private let files: [URL]
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "RewriteKit.rule-files", qos: .userInitiated)
    private let apply: @Sendable (Result<[RuleSet], RuleSetError>) -> Void

    init(files: [URL], apply: @escaping @Sendable (Result<[RuleSet], RuleSetError>) -> Void) {
        self.files = files
        self.apply = apply
    }

    /// Loads the files as they are now, on the calling thread, then checks them every
    /// `interval` seconds.
    func start(interval: TimeInterval) {
        // The signatures are taken before the read: an edit during it is seen at the first check.
        let signatures = files.map(Self.signature)
        load()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let milliseconds = max(1, Int(interval * 1000))
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { [weak self] in self?.check() }
        state.withLock { state in
            state.signatures = signatures
            state.timer = timer
        }
        timer.resume()
    }

    /// Stops following; the rules in force stay.
    public func stop() {
        let timer = state.withLock { state -> DispatchSourceTimer? in
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    deinit {
        stop()
    }

    /// Loads the files again if any changed since the last check.
    private func check() {
        let now = files.map(Self.signature)
        let changed = state.withLock { state -> Bool in
            guard state.timer != nil, now != state.signatures else { return false }
            state.signatures = now
            return true
        }
        guard changed else { return }
        load()
    }

    /// Loads every file, in order, and hands over the rule sets or the first error.
    private func load() {
        do {
            apply(.success(try files.map { try RuleSet(contentsOf: $0) }))
        } catch let error as RuleSetError {
            apply(.failure(error))
        } catch {
            apply(.failure(.unreadableFile(path: files.first?.path ?? "", reason: "\(error)")))
        }
    }

    private static func signature(_ file: URL) -> Signature? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let modified = attributes[.modificationDate] as? Date ?? .distantPast
        return Signature(size: size, modified: modified)
    }
}
