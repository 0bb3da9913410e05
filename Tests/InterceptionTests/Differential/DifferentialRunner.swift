import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting

/// Runs one case on a plain session or on a session with a rewriter whose only rule sets
/// a header, and returns what the app observed.
enum DifferentialRunner {
    /// The one rule of the intercepted side: it applies to every request and changes only a header.
    static let headerOnlyRule = """
        rule "header only" {
            when host == "127.0.0.1"
            request { set-header "X-Unechoed-Intercepted" "1" }
        }
        """

    /// A response rule that reads every body and changes none (its pattern is in no body).
    static let bodyReadingRule = """

        rule "reads the body" {
            when host == "127.0.0.1"
            response { replace-body /never-in-a-test-body-7f3a/ "x" }
        }
        """

    /// A request rule that reads the body and changes nothing, for cases whose request
    /// body the interceptor must load instead of passing it on as the app gave it.
    static let requestBodyReadingRule = """

        rule "reads the request body" {
            when host == "127.0.0.1"
            request { replace-body /never-in-a-test-body-7f3a/ "x" }
        }
        """

    /// What the app observed, how many of the server's requests carried the rule's header,
    /// and, with `capturing`, how many exchanges a `TrafficCapture` running meanwhile kept.
    static func observe(
        _ testCase: DifferentialCase, intercepted: Bool, capturing: Bool = false
    ) async throws -> (AppObservation, interceptedRequests: Int, captured: Int) {
        let server = LoopbackServer.shared
        let caseID = UUID().uuidString
        let configure: (URLSessionConfiguration) -> Void = { configuration in
            configuration.timeoutIntervalForRequest = testCase.timeout
            testCase.settings.apply(to: configuration)
            for (name, value) in testCase.cookies {
                if let cookie = HTTPCookie(properties: [.name: name, .value: value, .domain: "127.0.0.1", .path: "/"]) {
                    configuration.httpCookieStorage?.setCookie(cookie)
                }
            }
        }
        let rules = headerOnlyRule + (testCase.keepsBodyForRules ? bodyReadingRule : "")
            + (testCase.readsRequestBody ? requestBodyReadingRule : "")
        let harness = intercepted ? try Harness(rules, configure: configure) : nil
        let capture = capturing ? harness?.rewriter.startCapture() : nil
        let configuration: URLSessionConfiguration
        if let harness {
            configuration = harness.configuration
        } else {
            configuration = URLSessionConfiguration.ephemeral
            configure(configuration)
        }
        let scripted = try testCase.rawResponse.map { try ScriptedServer(response: Array($0.utf8)) }
        defer { scripted?.stop() }
        var request = URLRequest(url: scripted.map { $0.baseURL.appendingPathComponent(testCase.path) } ?? server.url(testCase.path))
        request.httpMethod = testCase.method
        request.setValue(caseID, forHTTPHeaderField: "X-Unechoed-Case")
        request.setValue("connectionID", forHTTPHeaderField: "X-Unechoed-Omit")
        for (name, value) in testCase.headers { request.setValue(value, forHTTPHeaderField: name) }
        if [.completionHandler, .async, .delegate, .asyncDelegate].contains(testCase.caller) {
            request.httpBody = testCase.body
        }
        var observation = await run(request, testCase: testCase, configuration: configuration, baseURL: scripted?.baseURL ?? server.baseURL)
        withExtendedLifetime(harness) {}
        if let scripted {
            // Its request lines; and how many heads carried the rule's header.
            let heads = scripted.requestHeads
            observation.serverSaw = heads.map { $0.components(separatedBy: "\r\n").first ?? "" }
            let marked = heads.filter { $0.lowercased().contains("\r\nx-unechoed-intercepted: 1") }.count
            return (observation, marked, capture?.exchanges.count ?? 0)
        }
        let seen = server.requests.filter { $0.value(forHeader: "X-Unechoed-Case") == caseID }
        observation.serverSaw = seen.map { recorded in
            var line = "\(recorded.method) \(recorded.target) \(recorded.body.count) B"
            if let authorization = recorded.value(forHeader: "Authorization") { line += " auth=\(authorization)" }
            // As a set: corelibs' cookie storage lists cookies in dictionary order, which
            // varies from run to run for a plain session too.
            if let cookie = recorded.value(forHeader: "Cookie") {
                line += " cookie=" + cookie.components(separatedBy: "; ").sorted().joined(separator: "; ")
            }
            return line
        }
        return (observation, seen.filter { $0.value(forHeader: "X-Unechoed-Intercepted") == "1" }.count, capture?.exchanges.count ?? 0)
    }

    private static func run(_ request: URLRequest, testCase: DifferentialCase, configuration: URLSessionConfiguration, baseURL: URL) async -> AppObservation {
        let body = testCase.body ?? Data()
        let needsDelegate = [.delegate, .uploadData, .uploadStream].contains(testCase.caller) || testCase.caller.hasPerCallDelegate
        let script = testCase.script ?? (needsDelegate ? DelegateScript() : nil)
        let delegate = script.map { ObservingDelegate(script: $0, baseURL: baseURL, streamBody: body) }
        let session = URLSession(
            configuration: configuration, delegate: testCase.caller.hasPerCallDelegate ? nil : delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        // The body of the upload-file callers, removed when the case is over.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("differential-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = OneShot<AppObservation>()
        let callbacks: @Sendable () -> [AppObservation.Callback] = { delegate?.callbacks ?? [] }
        let finish: @Sendable (Data?, URLResponse?, Error?) -> Void = { data, response, error in
            var observation = AppObservation()
            observation.callbacks = callbacks()
            observation.finish(response: response, body: data ?? Data(), error: error)
            result.send(observation)
        }
        let task: URLSessionTask?
        var swiftTask: Task<Void, Never>?
        // Set once the task exists; the deadline cancels whichever there is.
        let started = Locked<(task: URLSessionTask?, swiftTask: Task<Void, Never>?)>((nil, nil))
        let deadline = testCase.deadline
        // After `deadline` without an answer, the request hung: it is cancelled.
        let startDeadline: @Sendable () -> Void = {
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
                var hung = AppObservation()
                hung.hung = true
                hung.callbacks = callbacks()
                result.send(hung)
                let (task, swiftTask) = started.withLock { $0 }
                task?.cancel()
                swiftTask?.cancel()
            }
        }
        switch testCase.caller {
        case .completionHandler:
            task = session.dataTask(with: request, completionHandler: finish)
        case .dataStream:
            var streamed = request
            streamed.httpBodyStream = InputStream(data: body)
            task = session.dataTask(with: streamed, completionHandler: finish)
        case .failingStream:
            var streamed = request
            streamed.httpBodyStream = FailingInputStream(bytes: [UInt8](body), failAfter: body.count * 2 / 3)
            task = session.dataTask(with: streamed, completionHandler: finish)
        case .uploadFile:
            try? body.write(to: file)
            task = session.uploadTask(with: request, fromFile: file, completionHandler: finish)
        case .download:
            task = session.downloadTask(with: request) { location, response, error in
                finish(location.flatMap(DownloadedFile.take), response, error)
            }
        case .delegate:
            task = session.dataTask(with: request)
        case .uploadData:
            task = session.uploadTask(with: request, from: body)
        case .uploadStream:
            task = session.uploadTask(withStreamedRequest: request)
        case .asyncDelegate, .asyncUploadDelegate, .asyncUploadFileDelegate, .asyncDownloadDelegate:
            task = nil
            let caller = testCase.caller
            let perCall = delegate
            swiftTask = Task {
                startDeadline()
                do {
                    let (data, response): (Data, URLResponse)
                    switch caller {
                    case .asyncUploadDelegate:
                        (data, response) = try await session.upload(for: request, from: body, delegate: perCall)
                    case .asyncUploadFileDelegate:
                        try? body.write(to: file)
                        (data, response) = try await session.upload(for: request, fromFile: file, delegate: perCall)
                    case .asyncDownloadDelegate:
                        let (location, downloaded) = try await session.download(for: request, delegate: perCall)
                        (data, response) = (DownloadedFile.take(location) ?? Data(), downloaded)
                    default:
                        (data, response) = try await session.data(for: request, delegate: perCall)
                    }
                    // The delegate's callbacks wait on the session's serial delegate queue
                    // while the call returns at once (plain too): let them run first.
                    await withCheckedContinuation { continuation in session.delegateQueue.addOperation { continuation.resume() } }
                    finish(data, response, nil)
                } catch {
                    await withCheckedContinuation { continuation in session.delegateQueue.addOperation { continuation.resume() } }
                    finish(nil, nil, error)
                }
            }
        case .async:
            task = nil
            swiftTask = Task {
                // The clock starts when the request does: a Swift task waits for a thread
                // of the cooperative pool, which other tests in this process may hold for
                // many seconds on a 2-core machine; that wait is not the request hanging.
                startDeadline()
                do {
                    let (data, response) = try await session.data(for: request)
                    finish(data, response, nil)
                } catch {
                    finish(nil, nil, error)
                }
            }
        }
        if let delegate, [.delegate, .uploadData, .uploadStream].contains(testCase.caller) {
            delegate.whenComplete { observation, data, response, error in
                var observation = observation
                observation.finish(response: response, body: data, error: error)
                result.send(observation)
            }
        }
        started.withLock { $0 = (task, swiftTask) }
        task?.resume()
        if task != nil { startDeadline() }
        return await result.value()
    }
}
