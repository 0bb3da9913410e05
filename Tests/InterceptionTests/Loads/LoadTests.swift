import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Many requests at once: nothing lost, corrupted, duplicated or hung.
extension TimingSensitive {
    @Suite("Load")
    struct LoadTests {
        /// 256 KB of pseudo-random bytes, made once: request bodies are slices of it,
        /// so the test spends its time on traffic, not on making data. (CPU-heavy
        /// work in a test body starves Swift Testing's two cooperative threads here
        /// and stalls every other test.)
        static let pool = Data(TestHTTPServer.deterministicBytes(count: 256 * 1024 + 16, seed: 42))

        /// Request `index`'s body: 8 bytes to 256 KB, starting with its own number.
        static func body(_ index: Int) -> Data {
            let spread = (index &* 2_654_435_761) & 0x7FFF_FFFF  // Knuth's multiplicative hash: sizes all over the range
            let size = spread % (256 * 1024) + 8
            let start = spread % 8
            var body = pool.subdata(in: start..<start + size)
            body.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt64(index).bigEndian) { Data($0) })
            return body
        }

        @Test("200 concurrent requests with bodies up to 256 KB: identical to a plain session, each intercepted once")
        func concurrent() async throws {
            let harness = try Harness("""
                rule "mark" {
                    when path == "/echo"
                    request { add-header "X-Intercepted" "1" }
                }
                """)
            let count = 200
            let runID = UUID().uuidString
            let results = await withTaskGroup(of: (Int, Data?, Data?).self) { group in
                for index in 0..<count {
                    group.addTask {
                        var request = URLRequest(url: harness.url("/echo"))
                        request.httpMethod = "POST"
                        request.httpBody = Self.body(index)
                        request.setValue("\(runID)-\(index)", forHTTPHeaderField: "X-Test-ID")
                        let caller = Caller.allCases[index % Caller.allCases.count]
                        let intercepted = await caller.fetch(request, in: harness.session)
                        var plainRequest = request
                        plainRequest.setValue("\(runID)-plain-\(index)", forHTTPHeaderField: "X-Test-ID")
                        let plain = await Caller.completionHandler.fetch(plainRequest, in: plainSession)
                        return (index, intercepted.error == nil ? intercepted.data : nil, plain.error == nil ? plain.data : nil)
                    }
                }
                var all: [(Int, Data?, Data?)] = []
                for await result in group { all.append(result) }
                return all
            }
            #expect(results.count == count)
            var mismatches = 0
            for (index, intercepted, plain) in results where intercepted == nil || intercepted != plain || plain != Self.body(index) {
                mismatches += 1
                let digest = { (data: Data?) in data.map { TestSHA256.hex($0) } ?? "failed" }
                Issue.record("request \(index): intercepted \(digest(intercepted)), plain \(digest(plain)), sent \(digest(Self.body(index)))")
            }
            #expect(mismatches == 0)
            let seen = harness.server.requests.filter { request in
                request.headers.contains { $0.name.lowercased() == "x-test-id" && $0.value.hasPrefix(runID) && !$0.value.contains("plain") }
            }
            #expect(seen.count == count, "each request reached the server exactly once")
            for request in seen {
                let marks = request.headers.filter { $0.name.lowercased() == "x-intercepted" }.map(\.value)
                #expect(marks == ["1"], "intercepted exactly once")
            }
            let started = harness.allEvents.filter { $0.kind == .started }
            #expect(Set(started.map(\.requestID)).count == count)
            #expect(await harness.finishedEvents(atLeast: count).count == count)
        }

        @Test("a storm of 500 start/cancel cycles: every task completes as cancelled")
        func cancelStorm() async throws {
            let harness = try Harness("""
                rule "hold" {
                    when path == "/get"
                    delay 5s
                }
                """)
            let count = 500
            let codes = await withTaskGroup(of: URLError.Code?.self) { group in
                for index in 0..<count {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            let task = harness.session.dataTask(with: harness.url("/get")) { _, _, error in
                                continuation.resume(returning: (error as? URLError)?.code)
                            }
                            task.resume()
                            if index.isMultiple(of: 2) {
                                task.cancel()
                            } else {
                                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(index % 50)) { task.cancel() }
                            }
                        }
                    }
                }
                var all: [URLError.Code?] = []
                for await code in group { all.append(code) }
                return all
            }
            #expect(codes.count == count)
            #expect(codes.allSatisfy { $0 == .cancelled })
            // Outlive the delay: an exchange that escaped cancellation would now
            // forward and call the client of a finished task, which traps.
            try await Task.sleep(nanoseconds: 5_500_000_000)
            #expect(harness.rewriter.requestsInFlight == 0)
            // Networking still works afterwards.
            let after = await Caller.async.fetch(URLRequest(url: harness.url("/headers")), in: harness.session)
            #expect(after.status == 200)
        }

        /// The outside suite's storm: a response rule that edits the body, so cancels land
        /// while the body is buffered, handed to the worker, edited and delivered. Cancel
        /// points come from a seeded generator (the seed is in the failure message), so a
        /// failing run can be replayed; `Scripts/stress.sh` runs it beside busy loops.
        @Test("1,000 start/cancel cycles through a response inject-json, 3 in 4 cancelled at a random moment")
        func cancelStormThroughBodyEdit() async throws {
            let harness = try Harness("""
                rule "inject" {
                    when path == "/get"
                    response { inject-json "edited" true }
                }
                """)
            let seed = UInt64.random(in: 1...UInt64.max)
            var generator = SeededGenerator(seed: seed)
            let plan = (0..<1_000).map { _ in (cancel: generator.next() % 4 != 0, after: Int(generator.next() % 3_000)) }
            let outcomes = await withTaskGroup(of: String.self) { group in
                for (cancel, after) in plan {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            let task = harness.session.dataTask(with: harness.url("/get")) { data, _, error in
                                if let error { return continuation.resume(returning: "\((error as? URLError)?.code ?? .unknown)") }
                                let edited = jsonObject(data ?? Data())?["edited"] as? Bool
                                continuation.resume(returning: edited == true ? "edited" : "unedited")
                            }
                            task.resume()
                            if cancel {
                                DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(after)) { task.cancel() }
                            }
                        }
                    }
                }
                var all: [String] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            #expect(outcomes.count == plan.count, "seed \(seed)")
            let unexpected = outcomes.filter { $0 != "edited" && $0 != "\(URLError.Code.cancelled)" }
            #expect(unexpected.isEmpty, "seed \(seed): \(unexpected.prefix(5))")
            // Every request that was not cancelled was edited: the positive control.
            #expect(outcomes.filter { $0 == "edited" }.count >= plan.filter { !$0.cancel }.count, "seed \(seed)")
            try await waitUntil { harness.rewriter.requestsInFlight == 0 }
            #expect(harness.rewriter.requestsInFlight == 0, "seed \(seed)")
        }

        @Test("sessions invalidated and cancelled with requests in flight: every task ends, nothing traps")
        func invalidationStorm() async throws {
            let harness = try Harness("""
                rule "inject" {
                    when path == "/get" or path == "/drip"
                    response { inject-json "edited" true }
                }
                """)
            let outcomes = await withTaskGroup(of: [String].self) { group in
                for round in 0..<40 {
                    group.addTask {
                        let session = URLSession(configuration: harness.configuration)
                        let results = Locked<[String]>([])
                        let done = OneShot<Void>()
                        let remaining = Locked(5)
                        for index in 0..<5 {
                            let path = index.isMultiple(of: 2) ? "/get" : "/drip?numbytes=10&duration=0.2&delay=0"
                            session.dataTask(with: harness.url(path)) { _, _, error in
                                results.withLock { $0.append(error.map { "\(($0 as? URLError)?.code ?? .unknown)" } ?? "ok") }
                                if remaining.withLock({ $0 -= 1; return $0 == 0 }) { done.send(()) }
                            }.resume()
                        }
                        DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(round * 250)) {
                            round.isMultiple(of: 2) ? session.invalidateAndCancel() : session.finishTasksAndInvalidate()
                        }
                        await done.value()
                        return results.withLock { $0 }
                    }
                }
                var all: [String] = []
                for await outcome in group { all += outcome }
                return all
            }
            #expect(outcomes.count == 200)
            #expect(outcomes.allSatisfy { $0 == "ok" || $0 == "\(URLError.Code.cancelled)" }, "\(outcomes.filter { $0 != "ok" }.prefix(5))")
            #expect(outcomes.contains("ok"), "the positive control: finishTasksAndInvalidate lets requests finish")
            try await waitUntil { harness.rewriter.requestsInFlight == 0 }
            #expect(harness.rewriter.requestsInFlight == 0)
        }

        /// corelibs traps (`fatalError`, the whole app gone) when a redirect answer or a
        /// response disposition reaches a task that was cancelled meanwhile. The interceptor
        /// cancels its inner tasks whenever the app cancels, so it must never answer one it
        /// has cancelled. Cancels land at random points of redirect chains whose every hop
        /// asks the app's delegate (and waits a little for its answer).
        @Test("300 redirect chains cancelled at random points: each ends cancelled or at its target, nothing traps")
        func cancelDuringRedirects() async throws {
            let harness = try Harness("""
                rule "mark" {
                    when path starts-with "/redirect" or path == "/get"
                    request { set-header "X-Hop" "1" }
                }
                """)
            let delegate = SlowRedirectDelegate()
            let session = URLSession(configuration: harness.configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let count = 300
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<count {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            let task = session.dataTask(with: harness.url("/redirect/4")) { _, response, error in
                                let status = (response as? HTTPURLResponse)?.statusCode
                                continuation.resume(returning: (error as? URLError).map { "\($0.code)" } ?? "status \(status ?? 0)")
                            }
                            task.resume()
                            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds((index * 97) % 20_000)) { task.cancel() }
                        }
                    }
                }
                var all: [String] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            #expect(outcomes.count == count)
            let unexpected = outcomes.filter { $0 != "\(URLError.Code.cancelled)" && $0 != "status 200" }
            #expect(unexpected.isEmpty, "\(unexpected.prefix(5))")
            try await waitUntil { harness.rewriter.requestsInFlight == 0 }
            #expect(harness.rewriter.requestsInFlight == 0)
        }
    }
}

/// Follows every redirect after a short wait, from another queue, as an app that looks
/// something up first would.
private final class SlowRedirectDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0...2_000))) {
            completionHandler(request)
        }
    }
}
