// TutorialProxy: the rule language's first example, end to end, on real URLSession traffic.
//
//   swift run TutorialProxy                       # starts a loopback echo server
//   swift run TutorialProxy --server http://127.0.0.1:8080 --rules Rules/tutorial.rules
//
// Exit status: 0 when every expectation holds, 1 when one does not, 2 on a usage error.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

// 1. First thing, before anything makes a URLSession: install for URLSession.shared.
//    On Linux the shared session only consults protocols registered before the first
//    URLSession of any kind exists; the rules can be loaded (and replaced) later.
let rewriter = Rewriter(pipeline: .empty)
do {
    try rewriter.installForSharedSession()
} catch {
    Console.fail("cannot install for URLSession.shared: \(error)")
}

// 2. Where the rules are and which server plays httpbin.org.
let options: TutorialOptions
do {
    options = try TutorialOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    Console.usageError(error.description)
}

var localServer: TestHTTPServer?
let serverURL: URL
if let given = options.serverURL {
    serverURL = given
} else {
    do {
        let server = try TestHTTPServer()
        localServer = server
        serverURL = server.baseURL
    } catch {
        Console.fail("cannot start the loopback server: \(error)")
    }
}

// 3. The tutorial's rules, then a second rule set that sends httpbin.org to our server.
let tutorial: RuleSet
let route: RuleSet
do {
    tutorial = try RuleSet(contentsOf: options.rulesURL)
    route = try RouteRules.ruleSet(sendingHost: "httpbin.org", to: serverURL)
} catch {
    Console.fail("\(error)")
}
rewriter.pipeline = Pipeline(ruleSets: [tutorial, route])
let recorder = ActivityRecorder(rewriter)

print("RewriteKit tutorial")
print("  rules:   \(tutorial.name), then \(route.name) (httpbin.org → \(serverURL.absoluteString))")
if localServer != nil { print("  server:  a loopback echo server started for this run (use --server URL for another)") }

// 4. The tutorial's request through URLSession.shared, then through a session made from a
//    configuration the rewriter is installed in (what Alamofire's Session(configuration:) does).
var checks = Checks()
let shared = await TutorialRequest.send(through: URLSession.shared)
let sharedEvents = await recorder.finishedRequests(count: 1)
TutorialReport.print(shared, title: "1. URLSession.shared", finished: sharedEvents.last, checks: &checks)

let configuration = URLSessionConfiguration.default
try rewriter.install(in: configuration)
let custom = URLSession(configuration: configuration)
let viaConfiguration = await TutorialRequest.send(through: custom)
let customEvents = await recorder.finishedRequests(count: 2)
TutorialReport.print(
    viaConfiguration, title: "2. URLSession(configuration:) after rewriter.install(in:)",
    finished: customEvents.count == 2 ? customEvents.last : nil, checks: &checks)
custom.finishTasksAndInvalidate()

rewriter.uninstall()
localServer?.stop()
print("")
if checks.failures.isEmpty {
    print("All \(checks.passed) checks passed.")
    exit(0)
}
print("\(checks.failures.count) of \(checks.passed + checks.failures.count) checks FAILED:")
for failure in checks.failures { print("  - \(failure)") }
exit(1)
