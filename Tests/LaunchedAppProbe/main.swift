// An app as a UI test launches it, for InterceptionTests' launch-environment tests: it
// makes one request with an Authorization header to the loopback server whose URL is its
// first argument, and prints the X-Handoff header the server received.
//
//   LaunchedAppProbe URL open     calls Rewriter.fromLaunchEnvironment() first (a debug build)
//   LaunchedAppProbe URL closed   never calls it (a release build)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

func emit(_ line: String) -> Never {
    print(line)
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let url = URL(string: arguments[0]) else { emit("usage: LaunchedAppProbe URL open|closed") }

let configuration = URLSessionConfiguration.ephemeral
var rewriter: Rewriter?
if arguments[1] == "open" {
    do {
        rewriter = try Rewriter.fromLaunchEnvironment()
    } catch {
        emit("rules failed: \(error)")
    }
    try rewriter?.install(in: configuration)
}

let session = URLSession(configuration: configuration)
var request = URLRequest(url: url)
request.setValue("Bearer launch-secret-token", forHTTPHeaderField: "Authorization")
let done = DispatchSemaphore(value: 0)
let result = Locked<String>("timed out")
session.dataTask(with: request) { data, _, error in
    if let error {
        result.withLock { $0 = "request failed: \(error)" }
    } else {
        let headers = (try? JSONSerialization.jsonObject(with: data ?? Data()) as? [String: Any])?["headers"] as? [String: String] ?? [:]
        let value = headers.first { $0.key.lowercased() == "x-handoff" }?.value ?? "<missing>"
        result.withLock { $0 = "X-Handoff: \(value)" }
    }
    done.signal()
}.resume()
_ = done.wait(timeout: .now() + 20)
// The activity log is written on the rewriter's observer queue: before ending the
// process, wait (5 s at most) until it holds the request's `.finished` line.
if rewriter != nil, let path = ProcessInfo.processInfo.environment[Rewriter.launchActivityVariable] {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, !((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(#""kind":"finished""#) {
        usleep(5_000)
    }
}
withExtendedLifetime(rewriter) {}
emit(result.withLock { $0 })
