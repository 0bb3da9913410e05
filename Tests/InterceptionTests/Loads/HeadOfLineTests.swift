import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Requests of one session run independently: a long body edit does not hold up the
/// requests beside it.
extension TimingSensitive {
    @Suite("No head-of-line blocking")
    struct HeadOfLineTests {
        @Test("a 50 MB JSON edit does not hold up a small request on the same session")
        func largeEditBesideSmallRequest() async throws {
            let harness = try Harness("""
                rule "wrap the big one" {
                    when method == POST and path == "/status/200"
                    request { wrap-json "wrapper" }
                }
                rule "watch the small one" {
                    when path == "/get"
                    response { log }
                }
                """)
            var json = Data("{\"items\":[".utf8)
            let item = Data(#"{"id":123456,"name":"a name","tags":["x","y"],"score":12.5},"#.utf8)
            json.reserveCapacity(50 << 20)
            while json.count < 50 << 20 { json.append(item) }
            json.append(Data(#"{"id":0}]}"#.utf8))
            var big = URLRequest(url: harness.url("/status/200"))
            big.httpMethod = "POST"
            big.httpBody = json
            let session = harness.session
            let bigStart = Date()
            let bigDone = OneShot<TimeInterval>()
            Task {
                _ = await Caller.completionHandler.fetch(big, in: session)
                bigDone.send(Date().timeIntervalSince(bigStart))
            }
            // Let the big request reach its body work, then time a small one beside it.
            try await Task.sleep(nanoseconds: 50_000_000)
            let smallStart = Date()
            let small = await Caller.completionHandler.fetch(URLRequest(url: harness.url("/get")), in: session)
            let smallDuration = Date().timeIntervalSince(smallStart)
            let bigDuration = await bigDone.value()
            #expect(small.status == 200)
            let finished = await harness.finishedEvents(atLeast: 2)
            #expect(finished.first?.url.hasSuffix("/get") == true, "the small request finished first")
            #expect(smallDuration < bigDuration / 4, "small \(smallDuration) s beside a big edit of \(bigDuration) s")
        }
    }
}
