// Uses RewriteTestSupport as a tool would: a loopback server and a session with rules.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteTestSupport

let server = try TestHTTPServer()
let stubs = try RewriteTestSession(rules: """
    rule "mark" {
        when host == "127.0.0.1"
        request { set-header "X-Tool" "yes" }
    }
    """)
let (data, _) = try await stubs.session.data(from: server.url("/headers"))
let finished = await stubs.nextFinishedRequests()
let sawHeader = String(decoding: data, as: UTF8.self).contains("X-Tool")
print("rules applied: \(finished.first?.completion?.appliedRules.map(\.name) ?? []), header sent: \(sawHeader)")
stubs.invalidate()
server.stop()
guard sawHeader else { exit(1) }
