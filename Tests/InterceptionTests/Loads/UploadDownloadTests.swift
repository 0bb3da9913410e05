import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Upload tasks go through the rules like data tasks (Linux); a task the platform cannot
/// carry goes to the network untouched when the rules that might apply only edit headers,
/// and fails closed when one would route, answer or change it.
@Suite("Upload and download tasks")
struct UploadDownloadTests {
    static let rules = """
        rule "wrap uploads" {
            when method == POST and path == "/post"
            request {
                set-header "X-Touched" "yes"
                wrap-json "wrapper"
            }
        }
        rule "touch downloads" {
            when path ~ "/bytes/*"
            request { set-header "X-Touched" "yes" }
        }
        """

    static let body = Data(#"{"big":"upload"}"#.utf8)

    func posted(_ data: Data?) -> (json: [String: Any]?, touched: String?) {
        let echo = jsonObject(data ?? Data())
        return (echo?["json"] as? [String: Any], (echo?["headers"] as? [String: String])?["X-Touched"])
    }

    @Test("uploadTask(with:from:) is rewritten", .enabled(if: UploadDownloadTests.uploadsAreIntercepted))
    func fromData() async throws {
        let harness = try Harness(Self.rules)
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        let (data, error): (Data?, Error?) = await withCheckedContinuation { continuation in
            harness.session.uploadTask(with: request, from: Self.body) { data, _, error in continuation.resume(returning: (data, error)) }.resume()
        }
        #expect(error == nil)
        #expect(posted(data).touched == "yes")
        #expect(posted(data).json?["wrapper"] as? [String: String] == ["big": "upload"])
    }

    @Test("uploadTask(with:fromFile:) is rewritten", .enabled(if: UploadDownloadTests.uploadsAreIntercepted))
    func fromFile() async throws {
        let harness = try Harness(Self.rules)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).json")
        try Self.body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        let (data, error): (Data?, Error?) = await withCheckedContinuation { continuation in
            harness.session.uploadTask(with: request, fromFile: file) { data, _, error in continuation.resume(returning: (data, error)) }.resume()
        }
        #expect(error == nil)
        #expect(posted(data).json?["wrapper"] as? [String: String] == ["big": "upload"])
    }

    @Test("uploadTask(withStreamedRequest:) is rewritten, the body read from the delegate's stream",
          .enabled(if: UploadDownloadTests.uploadsAreIntercepted))
    func streamed() async throws {
        let harness = try Harness(Self.rules)
        let delegate = ObservingDelegate(script: DelegateScript(), baseURL: harness.server.baseURL, streamBody: Self.body)
        let session = URLSession(configuration: harness.configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        let done = OneShot<(Data, Error?)>()
        delegate.whenComplete { _, data, _, error in done.send((data, error)) }
        session.uploadTask(withStreamedRequest: request).resume()
        let (data, error) = await done.value()
        #expect(error == nil)
        #expect(delegate.callbacks.first == .neededBodyStream)
        #expect(posted(data).json?["wrapper"] as? [String: String] == ["big": "upload"])
    }

    @Test("a body stream that fails fails the request, and nothing truncated is sent")
    func failingStream() async throws {
        let harness = try Harness(Self.rules)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/post"))
        request.httpMethod = "POST"
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        request.httpBodyStream = FailingInputStream(bytes: [UInt8](repeating: 0x61, count: 3000), failAfter: 2000)
        let reply = await Caller.completionHandler.fetch(request, in: harness.session)
        #expect(reply.error?.code == .unknown, "as a plain session reports a failed body stream")
        #expect(reply.error?.underlyingInterceptionError?.description.contains("the stream failed after 2000 bytes") == true)
        #expect(harness.server.requests(withHeader: "X-Marker", value: marker).isEmpty)
        #expect(await harness.finishedEvents().first?.completion?.error?.message?.contains("after 2000 bytes") == true)
    }

    @Test("a download task arrives whole, with an event naming the rule it skipped")
    func download() async throws {
        let harness = try Harness(Self.rules)
        let (data, error): (Data?, Error?) = await withCheckedContinuation { continuation in
            harness.session.downloadTask(with: harness.url("/bytes/5000?seed=4")) { location, _, error in
                continuation.resume(returning: (location.flatMap(DownloadedFile.take), error))
            }.resume()
        }
        #expect(error == nil)
        #expect(data.map([UInt8].init) == TestHTTPServer.deterministicBytes(count: 5000, seed: 4))
        #if canImport(FoundationNetworking)
        let events = try #require(await ActivityWait.events(in: harness, atLeast: 1) { $0.kind == .bypassed })
        #expect(events.first?.bypass?.skippedRules.map(\.name) == ["touch downloads"])
        #expect(events.first?.bypass?.reason.contains("download") == true)
        #else
        #expect(await harness.finishedEvents().first?.appliedRules.map(\.name) == ["touch downloads"])
        #endif
    }

    /// A task kind the platform cannot carry through the rules, made for `url`.
    static func uncarriedTask(_ url: URL, in session: URLSession, done: @escaping @Sendable (Error?) -> Void) -> URLSessionTask {
        #if canImport(FoundationNetworking)
        session.downloadTask(with: url) { _, _, error in done(error) }
        #else
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        return session.uploadTask(with: request, from: Data("payload".utf8)) { _, _, error in done(error) }
        #endif
    }

    @Test("a task the platform cannot carry fails closed when a rule would route or stub it: never sent, the rule named")
    func failsClosed() async throws {
        let harness = try Harness("""
            rule "stub the report" {
                when path == "/bytes/300"
                respond 200 { body "stubbed" }
            }
            rule "route exports" {
                when path == "/bytes/301"
                request { set-host "production.invalid" }
            }
            """)
        // The positive control: the same URL in a data task is stubbed, so the rule applies.
        let stubbed = await Caller.async.fetch(URLRequest(url: harness.url("/bytes/300?seed=1")), in: harness.session)
        #expect(String(decoding: stubbed.data, as: UTF8.self) == "stubbed")
        for (path, rule) in [("/bytes/300", "stub the report\" (test.rules:1)"), ("/bytes/301", "route exports\" (test.rules:5)")] {
            let error: Error? = await withCheckedContinuation { continuation in
                Self.uncarriedTask(harness.url("\(path)?seed=2"), in: harness.session) { continuation.resume(returning: $0) }.resume()
            }
            let failure = try #require(error as? URLError)
            #expect(failure.code == .unsupportedURL)
            #expect(failure.localizedDescription.contains(rule), "\(failure.localizedDescription)")
            #expect(failure.localizedDescription.contains(InterceptingURLProtocol.platformName))
            #expect(harness.server.requests.filter { $0.path == path }.isEmpty, "never sent to the original host")
        }
        let events = try #require(await ActivityWait.events(in: harness, atLeast: 2) { $0.kind == .bypassed })
        #expect(events.map { $0.bypass?.error?.urlErrorCode } == [.unsupportedURL, .unsupportedURL])
        #expect(events.map { $0.bypass?.skippedRules.map(\.name) } == [["stub the report"], ["route exports"]])
        #expect(events.allSatisfy { $0.bypass?.reason.contains("it was not sent") == true })
    }

    /// Apple platforms decline upload tasks (their body is invisible to a URL protocol).
    static var uploadsAreIntercepted: Bool {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }
}

/// Waits for events matching a filter.
enum ActivityWait {
    static func events(in harness: Harness, atLeast count: Int, timeout: TimeInterval = 30, _ filter: (ActivityEvent) -> Bool) async -> [ActivityEvent]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = harness.allEvents.filter(filter)
            if found.count >= count { return found }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return nil
    }
}
