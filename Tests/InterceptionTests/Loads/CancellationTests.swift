import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Cancelling at every stage ends the task as cancelled, and nothing follows.
extension TimingSensitive {
    @Suite("Cancellation")
    struct CancellationTests {
        static let rules = """
            rule "delay some" {
                when path == "/get"
                delay 60s
            }
            rule "observe the rest" {
                when path ~ "/delay/*" or path == "/drip"
                response { log }
            }
            """

        /// Starts a task, cancels it after `after` seconds, returns its error and how long it took.
        /// The task is made and resumed right here, before the wait, so a slow machine can
        /// only make the cancel later, never make it miss the task.
        func cancelled(_ url: URL, after: Double, in harness: Harness) async -> (URLError?, TimeInterval) {
            let start = Date()
            let completion = OneShot<URLError?>()
            let task = harness.session.dataTask(with: url) { _, _, error in completion.send(error as? URLError) }
            task.resume()
            try? await Task.sleep(nanoseconds: UInt64(after * 1_000_000_000))
            task.cancel()
            let error = await completion.value()
            return (error, Date().timeIntervalSince(start))
        }

        @Test("during a delay clause")
        func duringDelay() async throws {
            let harness = try Harness(Self.rules)
            let (error, _) = await cancelled(harness.url("/get"), after: 0.2, in: harness)
            #expect(error?.code == .cancelled)
            // The exchange itself ended as cancelled, well before its 60 s delay
            // (measured by the exchange: the test's own clock also counts time the
            // test waited for a thread), and the request never reached the server.
            let finished = await harness.finishedEvents()
            #expect(finished.first?.completion?.error?.urlErrorCode == .cancelled)
            #expect((finished.first?.duration ?? 99) < 50, "the 60 s delay was cut short")
            #expect(finished.first?.completion?.status == nil)
            #expect(harness.rewriter.requestsInFlight == 0)
        }

        @Test("before the response arrives")
        func beforeResponse() async throws {
            let harness = try Harness(Self.rules)
            let (error, _) = await cancelled(harness.url("/delay/8"), after: 0.2, in: harness)
            #expect(error?.code == .cancelled)
            let finished = await harness.finishedEvents()
            #expect(finished.first?.completion?.error?.urlErrorCode == .cancelled)
            #expect(finished.first?.completion?.status == nil, "cancelled before any response")
        }

        @Test("in the middle of the body")
        func midBody() async throws {
            let harness = try Harness(Self.rules)
            let (error, _) = await cancelled(harness.url("/drip?numbytes=20&duration=8&delay=0"), after: 0.8, in: harness)
            #expect(error?.code == .cancelled)
            let finished = await harness.finishedEvents()
            #expect(finished.first?.completion?.error?.urlErrorCode == .cancelled)
            #expect((finished.first?.completion?.bytesReceived ?? 0) < 20, "cancelled before the body ended")
        }

        @Test("suspend then resume still completes")
        func suspendResume() async throws {
            let harness = try Harness(Self.rules)
            let done: (Data?, URLError?) = await withCheckedContinuation { continuation in
                let task = harness.session.dataTask(with: harness.url("/delay/1")) { data, _, error in
                    continuation.resume(returning: (data, error as? URLError))
                }
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
                    task.suspend()
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { task.resume() }
                }
            }
            #expect(done.1 == nil)
            #expect(jsonObject(done.0 ?? Data())?["path"] as? String == "/delay/1")
        }
    }
}
