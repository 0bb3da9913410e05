import Foundation
import RewriteKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The same request on a plain session and on a session with a rewriter installed whose
/// only rule sets a header: the app must observe the same thing, field by field —
/// delegate callbacks in order, status, headers, body bytes, errors, and the requests
/// the server received — except where the platform forces a difference, which is
/// documented (Platform Notes) and checked exactly.
@Suite("Differential transparency")
struct DifferentialTests {
    @Test("plain and intercepted sessions are indistinguishable", arguments: DifferentialCase.all)
    func sameAsPlain(_ testCase: DifferentialCase) async throws {
        let (plain, _, _) = try await DifferentialRunner.observe(testCase, intercepted: false)
        let (intercepted, interceptedRequests, _) = try await DifferentialRunner.observe(testCase, intercepted: true)
        let problems: [String]
        if let known = testCase.knownDifference {
            problems = known.check(plain, intercepted)
        } else {
            problems = plain.differences(from: intercepted)
        }
        #expect(problems.isEmpty, "\(testCase.testDescription)\n\(problems.joined(separator: "\n"))\nplain:       \(plain)\nintercepted: \(intercepted)")
        if testCase.goesThroughTheRules {
            // The rule ran on every request the intercepted side sent.
            #expect(interceptedRequests == intercepted.serverSaw.count, "\(testCase.testDescription): not every request went through the rule")
        }
        DifferentialReport.shared.add(testCase, plain: plain, intercepted: intercepted, problems: problems)
    }

    /// A capture makes the interceptor take every request and copy its bodies; the app must
    /// not be able to tell, and every request that went through the interceptor is kept.
    @Test("a running capture changes nothing the app observes", arguments: DifferentialCase.all)
    func sameAsPlainWhileCapturing(_ testCase: DifferentialCase) async throws {
        let (plain, _, _) = try await DifferentialRunner.observe(testCase, intercepted: false)
        let (captured, _, kept) = try await DifferentialRunner.observe(testCase, intercepted: true, capturing: true)
        let problems = testCase.knownDifference.map { $0.check(plain, captured) } ?? plain.differences(from: captured)
        #expect(problems.isEmpty, "\(testCase.testDescription)\n\(problems.joined(separator: "\n"))\nplain:    \(plain)\ncaptured: \(captured)")
        if testCase.goesThroughTheRules {
            #expect(kept >= 1, "\(testCase.testDescription): the capture kept nothing")
        }
    }
}

extension DifferentialCase {
    /// Whether the intercepted side runs the rules: not for what the platform lets through
    /// untouched (downloads on corelibs; uploads on Apple platforms, whose body a URL
    /// protocol cannot see).
    var goesThroughTheRules: Bool {
        #if canImport(FoundationNetworking)
        caller != .download && caller != .asyncDownloadDelegate
        #else
        ![.uploadData, .uploadFile, .uploadStream, .asyncUploadDelegate, .asyncUploadFileDelegate].contains(caller)
        #endif
    }
}

/// Writes the table of cases to the file named by `REWRITEKIT_DIFFERENTIAL_REPORT`, if set.
final class DifferentialReport: Sendable {
    static let shared = DifferentialReport()
    private let lock = Locked(())
    private let path = ProcessInfo.processInfo.environment["REWRITEKIT_DIFFERENTIAL_REPORT"]

    func add(_ testCase: DifferentialCase, plain: AppObservation, intercepted: AppObservation, problems: [String]) {
        guard let path else { return }
        let verdict = problems.isEmpty ? (testCase.knownDifference == nil ? "same" : "known difference: \(testCase.knownDifference?.reason ?? "")") : "MISMATCH"
        let line = "\(testCase.testDescription)\n  plain:       \(plain)\n  intercepted: \(intercepted)\n  → \(verdict)\n"
        lock.withLock { _ in
            if let handle = FileHandle(forWritingAtPath: path) {
                handle.seekToEndOfFile()
                handle.write(Data(line.utf8))
                handle.closeFile()
            } else {
                _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
            }
        }
    }
}
