import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

/// Sequential request latency on loopback through URLSession: plain, with rules that do
/// not apply, with a rule that rewrites the request and the response, and with a stub.
/// The variants run round-robin, so noise from other processes hits them alike.
struct InterceptionBenchmark {
    var quick: Bool

    private struct Variant {
        var name: String
        var session: URLSession
        var request: URLRequest
        var rewriter: Rewriter?
        /// A capture kept running for the whole measurement.
        var capture: TrafficCapture?
        var goal: Double?
        /// Compared with the naive pass-through instead of plain URLSession.
        var goalAgainstNaive = false
        var samples = Samples()
        /// CPU time of the whole process (client, interceptor and the in-process server)
        /// while each request ran.
        var cpu = Samples()
        var failures = 0
    }

    static let noneAppliesRules = """
        rule "elsewhere" {
            when host == "api.elsewhere.invalid"
            request { set-header "X-Bench" "1" }
        }
        """

    static let headerOnlyRules = """
        rule "header only" {
            when method == POST and path == "/post"
            request { set-header "X-Bench" "1" }
        }
        """

    static let rewriteRules = """
        rule "rewrite" {
            when method == POST and path == "/post"
            request {
                set-header "X-Bench" "1"
                wrap-json "wrapper"
            }
            response {
                inject-json "proxied" true
            }
        }
        """

    static let naiveName = "naive pass-through URLProtocol (baseline)"
    static let uncachedNaiveName = "naive pass-through, inner session without the URL cache (as the interceptor's when nothing is cached)"
    static let inlineNaiveName = "naive pass-through, client called inline on URLSession's queue (as the interceptor does)"

    static let stubRules = """
        rule "stub" {
            when path == "/stub"
            respond 200 {
                header "Content-Type" "application/json"
                body json {"ok": true, "items": [1, 2, 3]}
            }
        }
        """

    func run() -> (rows: [ResultRow], notes: [String]) {
        let server: TestHTTPServer
        do {
            server = try TestHTTPServer()
        } catch {
            return ([.unavailable("latency", reason: "cannot start the test server: \(error)")], [])
        }
        defer { server.stop() }
        var notes: [String] = []
        var variants: [Variant] = []
        let body = Data(#"{"user": {"id": 42, "name": "Ada"}, "items": [1, 2, 3], "note": "loopback latency"}"#.utf8)
        func request(_ path: String) -> URLRequest {
            var request = URLRequest(url: server.url(path))
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            return request
        }
        variants.append(Variant(name: "plain URLSession", session: URLSession(configuration: .ephemeral), request: request("/post"), rewriter: nil, goal: nil))
        let naive = URLSessionConfiguration.ephemeral
        naive.protocolClasses = [NaivePassThroughProtocol.self] + (naive.protocolClasses ?? [])
        variants.append(Variant(name: Self.naiveName, session: URLSession(configuration: naive), request: request("/post"), rewriter: nil, goal: nil))
        // Name, rules, path, goal, and whether the goal is against the naive pass-through
        // (what a rewrite cannot beat: it must forward the request) or plain URLSession.
        let specs: [(String, String, String, Double?, Bool)] = [
            ("rules installed, none applies", Self.noneAppliesRules, "/post", 1.02, false),
            // Issue 56 set these from the floors issue 21 measured (1.00× and 1.05× before).
            ("set-header only (pass-through, no body work)", Self.headerOnlyRules, "/post", 1.02, true),
            ("set-header + wrap-json + response inject-json", Self.rewriteRules, "/post", 1.07, true),
            ("respond stub (no network)", Self.stubRules, "/stub", nil, false),
        ]
        var headerOnly: (pipeline: Pipeline, request: URLRequest)?
        var tutorial: (pipeline: Pipeline, request: URLRequest)?
        for (name, rules, path, goal, againstNaive) in specs {
            do {
                let pipeline = try PipelineFactory.pipeline(rules, name: "latency.rules")
                if rules == Self.headerOnlyRules { headerOnly = (pipeline, request(path)) }
                if rules == Self.rewriteRules { tutorial = (pipeline, request(path)) }
                let rewriter = Rewriter(pipeline: pipeline)
                let configuration = URLSessionConfiguration.ephemeral
                try rewriter.install(in: configuration)
                variants.append(Variant(
                    name: name, session: URLSession(configuration: configuration), request: request(path),
                    rewriter: rewriter, goal: goal, goalAgainstNaive: againstNaive))
            } catch {
                notes.append("latency, \(name): \(error)")
            }
        }
        // The naive pass-through without the URL cache look-up its inner session makes for
        // each request, which the interceptor's skips when the app's session found nothing.
        let uncached = URLSessionConfiguration.ephemeral
        uncached.protocolClasses = [UncachedNaivePassThroughProtocol.self] + (uncached.protocolClasses ?? [])
        let uncachedSession = URLSession(configuration: uncached)
        variants.append(Variant(
            name: Self.uncachedNaiveName, session: uncachedSession, request: request("/post"),
            rewriter: nil, goal: nil, goalAgainstNaive: true))
        // It sends each rewrite's request as the rules leave it: the server's work for the
        // changed request (a header more, a bigger body) is not the interceptor's, and a
        // floor that leaves it out is too low.
        var rewrittenNames: [String: String] = [:]
        for (label, setup) in [("set-header only", headerOnly), ("set-header + wrap-json + response inject-json", tutorial)] {
            guard let (pipeline, original) = setup, let rewritten = Self.rewritten(original, by: pipeline) else { continue }
            let name = "naive pass-through without the URL cache, the request as \(label) rewrites it"
            rewrittenNames[label] = name
            variants.append(Variant(name: name, session: uncachedSession, request: rewritten, rewriter: nil, goal: nil, goalAgainstNaive: true))
        }
        // A capture running: every request is intercepted and its bodies kept, though no rule applies.
        do {
            let rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(Self.noneAppliesRules, name: "latency.rules"))
            let configuration = URLSessionConfiguration.ephemeral
            try rewriter.install(in: configuration)
            variants.append(Variant(
                name: "capture running, no rule applies", session: URLSession(configuration: configuration), request: request("/post"),
                rewriter: rewriter, capture: rewriter.startCapture(exchangeLimit: Int.max), goal: nil, goalAgainstNaive: true))
        } catch {
            notes.append("latency, capture: \(error)")
        }
        #if canImport(FoundationNetworking)
        // The naive pass-through calling its client where the interceptor does (inline on
        // URLSession's queue), the same request: what that discipline costs by itself.
        let inline = URLSessionConfiguration.ephemeral
        inline.protocolClasses = [InlineNaivePassThroughProtocol.self] + (inline.protocolClasses ?? [])
        variants.append(Variant(
            name: Self.inlineNaiveName, session: URLSession(configuration: inline), request: request("/post"),
            rewriter: nil, goal: nil, goalAgainstNaive: true))
        #endif
        defer {
            for variant in variants {
                variant.session.invalidateAndCancel()
                variant.rewriter?.uninstall()
            }
        }

        // Check each variant does what it says, once.
        for variant in variants {
            let result = Self.send(variant.request, on: variant.session)
            let text = String(decoding: result.data ?? Data(), as: UTF8.self)
            if result.status != 200 {
                notes.append("latency, \(variant.name): status \(result.status.map(String.init) ?? "none")")
            } else if variant.rewriter != nil, variant.name.contains("wrap-json"), !(text.contains("\"proxied\"") && text.contains("wrapper")) {
                notes.append("latency, \(variant.name): the response does not show the rewrite: \(text.prefix(200))")
            }
        }

        let count = quick ? 400 : 4_000
        let warmUp = quick ? 30 : 100
        for round in -warmUp..<count {
            // Rotate the starting variant so none always runs right after another.
            for offset in 0..<variants.count {
                let index = (round + warmUp + offset) % variants.count
                var ok = false
                let cpuBefore = Stopwatch.processCPU()
                let time = Stopwatch.time {
                    ok = Self.send(variants[index].request, on: variants[index].session).status == 200
                }
                let cpu = Stopwatch.processCPU() &- cpuBefore
                if !ok { variants[index].failures += 1 }
                if round >= 0 {
                    variants[index].samples.append(time)
                    variants[index].cpu.append(cpu)
                }
            }
        }

        guard let plain = variants.first else { return ([], notes) }
        let plainMedian = plain.samples.median
        let plainP99 = plain.samples.percentile(99)
        var rows = [ResultRow(
            name: "latency: plain URLSession (baseline)",
            measured: "\(Format.duration(plainMedian)) median, p99 \(Format.duration(plainP99)), CPU \(Format.duration(plain.cpu.median))",
            baseline: "—", ratio: "1.000×", goal: "", verdict: .informational)]
        let naiveMedian = variants.first { $0.name == Self.naiveName }?.samples.median ?? .nan
        for variant in variants.dropFirst() {
            let median = variant.samples.median
            let p99 = variant.samples.percentile(99)
            let (base, baseName) = variant.goalAgainstNaive ? (naiveMedian, "naive") : (plainMedian, "plain")
            let ratio = median / base
            var verdict = ResultRow.Verdict.informational
            var goal = ""
            if let target = variant.goal {
                goal = "≤ \(String(format: "%.2f", target))× \(baseName)"
                verdict = ratio <= target ? .met : .missed
            }
            var measured = "\(Format.duration(median)) median, p99 \(Format.duration(p99)) (\(Format.ratio(p99 / plainP99)) plain at p99)"
            if variant.goalAgainstNaive { measured += ", \(Format.ratio(median / plainMedian)) plain" }
            measured += ", CPU \(Format.duration(variant.cpu.median))"
            rows.append(ResultRow(
                name: "latency: \(variant.name)", measured: measured,
                baseline: "\(Format.duration(base)) \(baseName)",
                ratio: Format.ratio(ratio), goal: goal, verdict: verdict))
        }
        let rounds = quick ? 2_000 : 20_000
        var floors: [(name: String, work: Double, what: String)] = []
        if let (pipeline, request) = headerOnly {
            floors.append(("set-header only", Self.rulesWork(request, pipeline: pipeline, rounds: rounds).median,
                           "converting, matching, acting, building the URLRequest"))
        }
        if let (pipeline, request) = tutorial, let plainSession = variants.first?.session, let server = Self.fetch(request, on: plainSession) {
            floors.append(("set-header + wrap-json + response inject-json",
                           Self.rulesWork(request, pipeline: pipeline, response: server, rounds: rounds).median,
                           "both phases' rules and a new HTTPURLResponse for the changed body"))
        }
        for floor in floors {
            // The uncached naive pass-through of the rewritten request, when it ran; else the naive one.
            let rewritten = rewrittenNames[floor.name].flatMap { name in variants.first { $0.name == name }?.samples.median }
            let base = rewritten ?? naiveMedian
            let total = base + floor.work
            let baseName = rewritten == nil ? "naive" : "naive without the URL cache, the rewritten request \(Format.duration(base))"
            rows.append(ResultRow(
                name: "latency: \(floor.name), floor (naive without the URL cache, rewritten request + the rules' own work)",
                measured: "\(Format.duration(total)): \(baseName) + \(Format.duration(floor.work)) \(floor.what)",
                baseline: "\(Format.duration(naiveMedian)) naive", ratio: Format.ratio(total / naiveMedian), goal: "", verdict: .informational))
        }
        let (bufferedRow, bufferedNote) = bufferedDownload(from: server)
        rows.append(bufferedRow)
        notes.append(bufferedNote)
        notes.append(
            "latency: \(count) sequential requests per variant after \(warmUp) warm-up rounds, POST of \(body.count) B, round-robin; "
                + "CPU: the median CPU time of the whole process (client, interceptor, in-process server) per request")
        for variant in variants where variant.failures > 0 {
            notes.append("latency, \(variant.name): \(variant.failures) requests failed")
        }
        return (rows, notes)
    }

    static let bufferedRules = """
        rule "mark downloads" {
            when path ~ "/bytes/*"
            request { set-header "X-Unechoed-Mark" "1" }
        }
        """

    /// A 10 MB body to a completion handler (which gets the body in one piece, so the
    /// interceptor buffers it) through a rule that only sets a request header, against a
    /// plain session, interleaved.
    func bufferedDownload(from server: TestHTTPServer) -> (ResultRow, String) {
        let name = "latency: 10 MB GET to a completion handler, set-header only"
        let size = 10_000_000
        let request = URLRequest(url: server.url("/bytes/\(size)?seed=1"))
        let pair: SessionPair
        do {
            pair = try SessionPair(rules: Self.bufferedRules, name: "buffered.rules")
        } catch {
            return (.unavailable(name, reason: "\(error)"), "latency, buffered: \(error)")
        }
        defer { pair.close() }
        let rounds = quick ? 6 : 30
        var wrongSizes = 0
        let samples = pair.measure(rounds: rounds) { session in
            if Self.send(request, on: session).data?.count != size { wrongSizes += 1 }
        }
        let (measured, base) = (samples.intercepted.median, samples.plain.median)
        let row = ResultRow(
            name: name, measured: "\(Format.duration(measured)) median", baseline: "\(Format.duration(base)) plain",
            ratio: Format.ratio(measured / base), goal: "", verdict: .informational)
        return (row, "latency, buffered: \(rounds) GETs of \(size) B per variant, alternating; \(wrongSizes) bodies of the wrong size")
    }

    /// The least work any rewriting interceptor adds to a pass-through for one request,
    /// timed in process: the URLRequest converted (public API), the rules run, and the
    /// forwarded URLRequest built with the rewritten headers and body (on corelibs its first
    /// change copies the request); with `response`, also the response phase and the
    /// HTTPURLResponse a changed body needs (on corelibs its header canonicalization alone
    /// is tens of thousands of instructions).
    static func rulesWork(_ request: URLRequest, pipeline: Pipeline, response: (HTTPURLResponse, Data)? = nil, rounds: Int) -> Samples {
        var samples = Samples()
        for _ in 0..<rounds {
            samples.append(Stopwatch.time {
                guard let head = HTTPRequest(request) else { return }
                let outcome = pipeline.processRequest(head)
                var forwarded = request
                forwarded.allHTTPHeaderFields = Dictionary(outcome.request.headers.map { ($0.name, $0.value) }) { $1 }
                if let body = outcome.request.body { forwarded.httpBody = Data(body) }
                Sink.consume(forwarded.allHTTPHeaderFields?.count ?? 0)
                guard let (http, data) = response, let url = http.url else { return }
                let answer = pipeline.processResponse(HTTPResponse(http, body: data), for: outcome)
                var fields = Dictionary(answer.response.headers.map { ($0.name, $0.value) }) { $1 }
                fields["Content-Length"] = String(answer.response.body.count)
                let rebuilt = HTTPURLResponse(url: url, statusCode: answer.response.status, httpVersion: "HTTP/1.1", headerFields: fields)
                Sink.consume((rebuilt?.statusCode ?? 0) + answer.response.body.count)
            })
        }
        return samples
    }

    /// `request` as `pipeline` rewrites it (headers and body; the rules here change nothing
    /// else), for the naive pass-through to send.
    static func rewritten(_ request: URLRequest, by pipeline: Pipeline) -> URLRequest? {
        guard let head = HTTPRequest(request) else { return nil }
        let outcome = pipeline.processRequest(head)
        var rewritten = request
        rewritten.allHTTPHeaderFields = Dictionary(outcome.request.headers.map { ($0.name, $0.value) }) { $1 }
        rewritten.httpBody = outcome.request.body.map { Data($0) }
        return rewritten
    }

    /// The server's response object and body for `request`, through `session`.
    static func fetch(_ request: URLRequest, on session: URLSession) -> (HTTPURLResponse, Data)? {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<(HTTPURLResponse, Data)?>(nil)
        session.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse, let data { result.withLock { $0 = (http, data) } }
            done.signal()
        }.resume()
        done.wait()
        return result.withLock { $0 }
    }

    /// Sends one request and waits for the whole response.
    static func send(_ request: URLRequest, on session: URLSession) -> (status: Int?, data: Data?) {
        let done = DispatchSemaphore(value: 0)
        let box = ResponseBox()
        session.dataTask(with: request) { data, response, _ in
            box.set(status: (response as? HTTPURLResponse)?.statusCode, data: data)
            done.signal()
        }.resume()
        done.wait()
        return box.get()
    }
}

/// Carries a completion handler's result back to the waiting thread.
private final class ResponseBox: Sendable {
    private let state = Locked((status: Int?.none, data: Data?.none))

    func set(status: Int?, data: Data?) {
        state.withLock { $0 = (status, data) }
    }

    func get() -> (status: Int?, data: Data?) {
        state.withLock { $0 }
    }
}
