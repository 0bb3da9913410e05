import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// An app's own capture as an HTML report, from real traffic to the loopback server.
@Suite("Traffic report of a capture")
struct TrafficReportTests {
    @Test("a capture's report has a row per exchange with the rules that applied, a stub as a stub, and the server's answer beside the app's")
    func captureReport() async throws {
        let harness = try Harness("""
            rule "stamp" {
                when path == "/json"
                response { inject-json "stamped" true }
            }
            rule "stub" {
                when path == "/anything/stubbed-report"
                respond 201 { body json {"stub": true} }
            }
            """)
        let capture = harness.rewriter.startCapture()
        for path in ["/json", "/anything/stubbed-report", "/anything/untouched"] {
            let reply = await Caller.async.fetch(URLRequest(url: harness.url(path)), in: harness.session)
            #expect(reply.error == nil, "\(path)")
        }
        capture.stop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("capture-report-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        try capture.report.write(to: file)
        let html = try String(contentsOf: file, encoding: .utf8)
        let rows = html.split(separator: "\n").filter { $0.hasPrefix("<tr data-exchange=") }
        #expect(rows.count == 3)
        #expect(rows.contains { $0.contains("/json") && $0.contains(#"<span class="rule">stamp</span>"#) && $0.contains(#"data-changed="1""#) })
        #expect(rows.contains { $0.contains("/anything/stubbed-report") && $0.contains(#"<span class="src stub">stub</span>"#) })
        #expect(rows.contains { $0.contains("/anything/untouched") && $0.contains(#"<span class="none">none</span>"#) })
        // The details: the app's body, which the rule changed, beside the server's, and for
        // the untouched request the rules that came closest.
        let details = try #require(html.components(separatedBy: #"<script type="application/json" id="report-data">"#).last)
        #expect(details.components(separatedBy: "stamped").count == 2, "only the app's body has the injected field")
        #expect(details.contains(#""misses":[{"rule":"\"stamp\" ("#), "the untouched request's near misses")
    }
}
