import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTesting
import Testing

/// `followRuleFiles`: edits apply to requests that start afterwards, a broken edit keeps
/// the rules in force and reports where it is wrong, requests never mix two versions.
@Suite("Live reload of rule files")
struct LiveReloadTests {
    /// A rule that stamps both `X-A` and `X-B` with `version`: a request that mixed two
    /// versions would carry different values.
    static func rules(_ version: Int) -> String {
        """
        rule "stamp" {
            when host == "127.0.0.1"
            request {
                set-header "X-A" "\(version)"
                set-header "X-B" "\(version)"
            }
        }
        """
    }

    struct Setup {
        let server: TestHTTPServer
        let file: URL
        let rewriter: Rewriter
        let session: URLSession
        let recorder: ActivityRecorder

        init(version: Int) throws {
            server = try TestHTTPServer()
            file = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).rules")
            try LiveReloadTests.rules(version).write(to: file, atomically: true, encoding: .utf8)
            rewriter = try Rewriter(contentsOf: file)
            recorder = ActivityRecorder(rewriter)
            let configuration = URLSessionConfiguration.ephemeral
            try rewriter.install(in: configuration)
            session = URLSession(configuration: configuration)
        }

        /// The `X-A` and `X-B` values the server received for one request.
        func stamps() async throws -> (String, String) {
            let (data, _) = try await session.data(from: server.url("/headers"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let headers = object?["headers"] as? [String: String] ?? [:]
            func value(_ name: String) -> String { headers.first { $0.key.lowercased() == name }?.value ?? "-" }
            return (value("x-a"), value("x-b"))
        }

        func tearDown() {
            session.finishTasksAndInvalidate()
            rewriter.uninstall()
            server.stop()
            try? FileManager.default.removeItem(at: file)
        }
    }

    @Test("an edit is seen within a second; a broken edit keeps the rules and reports file:line:column")
    func editThenBrokenEdit() async throws {
        let setup = try Setup(version: 1)
        defer { setup.tearDown() }
        let follower = setup.rewriter.followRuleFiles([setup.file], checkingEvery: 0.05)
        defer { follower.stop() }
        #expect(try await setup.stamps() == ("1", "1"))

        // The time from the edit to the swap of the rules (requests that start afterwards use
        // them), taken by an observer on a dispatch queue when the `.rulesChanged` event comes:
        // neither a round trip nor a test task on a busy cooperative pool is in the figure.
        let swappedAt = Locked<Date?>(nil)
        let observation = setup.rewriter.addObserver { event in
            if event.kind == .rulesChanged { swappedAt.withLock { $0 = $0 ?? Date() } }
        }
        defer { observation.stop() }
        let edited = Date()
        try Self.rules(2).write(to: setup.file, atomically: true, encoding: .utf8)
        // The first `.rulesChanged` is the load when following started; the second, the edit's.
        let changed = await setup.recorder.waitForEvents(timeout: 10) { $0.filter { $0.kind == .rulesChanged }.count >= 2 }
        #expect(changed != nil)
        let swapped = try #require(swappedAt.withLock { $0 }).timeIntervalSince(edited)
        #expect(swapped < 1, "v2 took \(swapped) s to apply")
        #expect(try await setup.stamps() == ("2", "2"))

        try "rule \"stamp\" {\n    when hots == \"127.0.0.1\"\n}\n".write(to: setup.file, atomically: true, encoding: .utf8)
        let refused = await setup.recorder.waitForEvents(timeout: 5) { events in
            events.contains { $0.rulesChange?.diagnostics.contains(where: \.isError) == true }
        }
        let event = try #require(refused?.last { $0.kind == .rulesChanged })
        #expect(event.rulesChange?.summary.contains("\(setup.file.path):2:10: error: unknown subject 'hots'") == true, "\(event)")
        #expect(event.rulesChange?.diagnostics.first?.range.start.line == 2)
        #expect(try await setup.stamps() == ("2", "2"), "the broken edit kept v2")
    }

    @Test("1,000 requests during 50 edits: each is entirely one version")
    func requestsNeverMixVersions() async throws {
        let setup = try Setup(version: 0)
        defer { setup.tearDown() }
        let follower = setup.rewriter.followRuleFiles([setup.file], checkingEvery: 0.002)
        defer { follower.stop() }
        let results = try await withThrowingTaskGroup(of: [(String, String)].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var seen: [(String, String)] = []
                    for _ in 0..<125 { seen.append(try await setup.stamps()) }
                    return seen
                }
            }
            group.addTask {
                for version in 1...50 {
                    try Self.rules(version).write(to: setup.file, atomically: true, encoding: .utf8)
                    try await Task.sleep(nanoseconds: 10_000_000)
                }
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results.count == 1_000)
        let mixed = results.filter { $0.0 != $0.1 || $0.0 == "-" }
        #expect(mixed.isEmpty, "\(mixed.prefix(5))")
        #expect(Set(results.map(\.0)).count > 1, "the edits were seen while the requests ran")
    }

    @Test("following starts with the files' rules, before the first edit; a file that does not load then says no rules are in force")
    func followingLoadsAtOnce() async throws {
        let setup = try Setup(version: 1)
        defer { setup.tearDown() }
        let empty = Rewriter(pipeline: .empty)
        let configuration = URLSessionConfiguration.ephemeral
        try empty.install(in: configuration)
        let session = URLSession(configuration: configuration)
        defer {
            session.finishTasksAndInvalidate()
            empty.uninstall()
        }
        let recorder = ActivityRecorder(empty)
        let follower = empty.followRuleFiles([setup.file], checkingEvery: 60)
        defer { follower.stop() }
        #expect(empty.pipeline.ruleCount == 1, "loaded before followRuleFiles returned")
        let (data, _) = try await session.data(from: setup.server.url("/headers"))
        let headers = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["headers"] as? [String: String] ?? [:]
        #expect(headers.first { $0.key.lowercased() == "x-a" }?.value == "1", "the first request has the file's rules: \(headers)")
        let loaded = await recorder.waitForEvents(timeout: 5) { $0.contains { $0.kind == .rulesChanged } }
        #expect(loaded?.first { $0.kind == .rulesChanged }?.rulesChange?.summary == "loaded 1 rule from \(setup.file.path)")

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).rules")
        try "rule \"x\" {\n    when hots == \"a\"\n}\n".write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        let fresh = Rewriter(pipeline: .empty)
        let freshRecorder = ActivityRecorder(fresh)
        let refused = fresh.followRuleFiles([broken], checkingEvery: 60)
        defer { refused.stop() }
        let events = await freshRecorder.waitForEvents(timeout: 5) { $0.contains { $0.kind == .rulesChanged } }
        let message = try #require(events?.first { $0.kind == .rulesChanged }?.rulesChange?.summary)
        #expect(message.hasPrefix("\(broken.path) did not load, so no rules are in force:\n\(broken.path):2:10: error: unknown subject 'hots'"), "\(message)")
    }

    @Test("a stopped follower leaves the rules alone")
    func stopped() async throws {
        let setup = try Setup(version: 1)
        defer { setup.tearDown() }
        let follower = setup.rewriter.followRuleFiles([setup.file], checkingEvery: 0.02)
        follower.stop()
        // The positive control: a second rewriter following the same file at the same
        // pace sees the edit, so the stopped one had every chance to.
        let control = try Setup(version: 1)
        defer { control.tearDown() }
        let running = control.rewriter.followRuleFiles([setup.file], checkingEvery: 0.02)
        defer { running.stop() }
        // Version 12, not 2: the follower compares size and modification time, and a
        // same-size write within one timestamp tick would not be seen.
        try Self.rules(12).write(to: setup.file, atomically: true, encoding: .utf8)
        var controlSaw = try await control.stamps()
        let deadline = Date().addingTimeInterval(30)
        while controlSaw != ("12", "12"), Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            controlSaw = try await control.stamps()
        }
        #expect(controlSaw == ("12", "12"))
        // Give the stopped follower two more of its periods after the control saw the edit.
        try await Task.sleep(nanoseconds: 40_000_000)
        #expect(try await setup.stamps() == ("1", "1"))
    }
}
