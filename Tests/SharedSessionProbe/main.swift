// Runs URLSession.shared through a Rewriter in a fresh process, because
// registerClass only works before the first URLSession exists. The interception
// tests run this binary and read its one line of output.
//
//   SharedSessionProbe early      install first, then GET through URLSession.shared
//   SharedSessionProbe late       make a session first, then try to install
//   SharedSessionProbe takeover   a second rewriter takes the shared session over, then
//                                 the first one uninstalls (the second keeps it)
//   SharedSessionProbe released   the only rewriter uninstalls (nothing is rewritten)
//   SharedSessionProbe upper-case-scheme
//                                 an `HTTP://` URL, through the shared session and through
//                                 a configured one (what each task ended with)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

func emit(_ line: String) -> Never {
    print(line)
    exit(0)
}

let mode = CommandLine.arguments.dropFirst().first ?? "early"
let server: TestHTTPServer
do { server = try TestHTTPServer() } catch { emit("error: server: \(error)") }

func makeRewriter(tagging value: String) -> Rewriter {
    do {
        return Rewriter(pipeline: Pipeline(ruleSets: [try RuleSet(rules: """
            rule "shared" {
                when path == "/headers"
                request { set-header "X-Shared" "\(value)" }
            }
            """, name: "shared.rules")]))
    } catch { emit("error: rules: \(error)") }
}
let rewriter = makeRewriter(tagging: "intercepted")
let successor = makeRewriter(tagging: "taken over")

if mode == "late" { _ = URLSession(configuration: .default) }
do {
    try rewriter.installForSharedSession()
    if mode == "takeover" {
        try successor.installForSharedSession()
        rewriter.uninstall()
    }
    if mode == "released" { rewriter.uninstall() }
} catch {
    emit("install failed: \(error)")
}

/// How a GET of `url` on `session` ends: the URLError code, the status, or "timed out".
func outcome(of url: URL, on session: URLSession) -> String {
    let done = DispatchSemaphore(value: 0)
    let result = Locked("timed out")
    session.dataTask(with: url) { _, response, error in
        result.withLock { $0 = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "status \((response as? HTTPURLResponse)?.statusCode ?? 0)" }
        done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    return result.withLock { $0 }
}

if mode == "upper-case-scheme", let url = URL(string: server.url("/headers").absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")) {
    let configuration = URLSessionConfiguration.ephemeral
    do { try successor.install(in: configuration) } catch { emit("install failed: \(error)") }
    let shared = outcome(of: url, on: URLSession.shared)
    emit("shared: \(shared); configured: \(outcome(of: url, on: URLSession(configuration: configuration)))")
}

let done = DispatchSemaphore(value: 0)
let result = Locked<String?>(nil)
URLSession.shared.dataTask(with: server.url("/headers")) { data, _, error in
    if let error {
        result.withLock { $0 = "request failed: \(error)" }
    } else {
        let headers = (try? JSONSerialization.jsonObject(with: data ?? Data()) as? [String: Any])?["headers"] as? [String: String] ?? [:]
        let line = "X-Shared: " + (headers.first { $0.key.lowercased() == "x-shared" }?.value ?? "<missing>")
        result.withLock { $0 = line }
    }
    done.signal()
}.resume()
_ = done.wait(timeout: .now() + 20)
rewriter.uninstall()
successor.uninstall()
emit(result.withLock { $0 } ?? "timed out")
