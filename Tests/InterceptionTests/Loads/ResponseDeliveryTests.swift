import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// How bodies reach each kind of caller.
extension TimingSensitive {
    @Suite("Response delivery")
    struct ResponseDeliveryTests {
        static let observe = """
            rule "observe" {
                when path ~ "/stream-bytes/*" or path ~ "/bytes/*" or path ~ "/drip"
                response { log }
            }
            """

        @Test("a streaming delegate gets chunks as they arrive")
        func streams() async throws {
            let harness = try Harness(Self.observe)
            let size = 4 * 1024 * 1024
            let reply = await Caller.delegate.fetch(URLRequest(url: harness.url("/stream-bytes/\(size)?chunk_size=65536")), in: harness.session)
            #expect(reply.data.count == size)
            #expect(reply.chunkCount > 1, "the body was streamed, not buffered")
        }

        @Test("the first chunk of a slow body reaches a delegate before the body ends")
        func streamsBeforeTheEnd() async throws {
            let harness = try Harness(Self.observe)
            let start = Date()
            let firstChunkAt = Locked<Date?>(nil)
            let reply = await StreamingDelegate.fetch(
                URLRequest(url: harness.url("/drip?numbytes=10&duration=2&delay=0")),
                configuration: harness.session.configuration
            ) { _ in firstChunkAt.withLock { if $0 == nil { $0 = Date() } } }
            let total = Date().timeIntervalSince(start)
            let first = try #require(firstChunkAt.withLock { $0 }).timeIntervalSince(start)
            #expect(reply.data.count == 10)
            #expect(total >= 1.6)
            #expect(first < total - 0.8, "first byte at \(first) s, end at \(total) s")
        }

        @Test("completion handlers and async callers get multi-chunk bodies whole", arguments: [Caller.completionHandler, .async])
        func wholeBody(caller: Caller) async throws {
            let harness = try Harness(Self.observe)
            let size = 3 * 1024 * 1024 + 17
            let request = URLRequest(url: harness.url("/stream-bytes/\(size)?chunk_size=32768"))
            let reply = await caller.fetch(request, in: harness.session)
            let plain = await Caller.completionHandler.fetch(request, in: plainSession)
            #expect(reply.data.count == size)
            #expect(TestSHA256.hex([UInt8](reply.data)) == TestSHA256.hex([UInt8](plain.data)))
        }

        @Test("response body actions see the whole body, for every caller", arguments: Caller.allCases)
        func responseBodyAction(caller: Caller) async throws {
            let harness = try Harness("""
                rule "stamp" {
                    when path == "/json"
                    response {
                        inject-json "meta.rewritten" true
                        set-header "X-Rewritten" "yes"
                    }
                }
                """)
            let reply = await caller.fetch(URLRequest(url: harness.url("/json")), in: harness.session)
            let plain = await Caller.async.fetch(URLRequest(url: harness.url("/json")), in: plainSession)
            var expected = try #require(jsonObject(plain.data))
            expected["meta"] = ["rewritten": true]
            let got = try #require(jsonObject(reply.data))
            #expect(NSDictionary(dictionary: got).isEqual(to: expected))
            #expect(reply.response?.value(forHTTPHeaderField: "X-Rewritten") == "yes")
            #expect(reply.response?.value(forHTTPHeaderField: "Content-Length") == String(reply.data.count))
        }

        @Test("a response header made from the response's JSON body sees the body, for every caller", arguments: Caller.allCases)
        func headerFromTheResponseBody(caller: Caller) async throws {
            let harness = try Harness("""
                rule "author" {
                    when path == "/json"
                    response { set-header "X-Author" "${json.slideshow.author}" }
                }
                """)
            let reply = await caller.fetch(URLRequest(url: harness.url("/json")), in: harness.session)
            #expect(reply.status == 200)
            #expect(reply.response?.value(forHTTPHeaderField: "X-Author") == "Yours Truly")
            #expect((jsonObject(reply.data)?["slideshow"] as? [String: Any])?["author"] as? String == "Yours Truly")
        }

        @Test(
            "a response guard compared with a value from the response's JSON body sees the body, for every caller",
            arguments: Caller.allCases, ["application/json", "text/plain"])
        func guardFromTheResponseBody(caller: Caller, wanted: String) async throws {
            let harness = try Harness("""
                rule "wanted type" {
                    when path == "/post"
                    response when header "Content-Type" == "${json.headers.X-Want}" { set-header "X-As-Wanted" "yes" }
                }
                """)
            var request = jsonPost(harness.url("/post"), "{}")
            request.setValue(wanted, forHTTPHeaderField: "X-Want")
            let reply = await caller.fetch(request, in: harness.session)
            #expect(reply.status == 200)
            #expect(reply.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect((reply.response?.value(forHTTPHeaderField: "X-As-Wanted") == "yes") == (wanted == "application/json"))
        }

        @Test("response when guards test the response status", arguments: [(503, true), (200, false)])
        func guards(status: Int, retryable: Bool) async throws {
            let harness = try Harness("""
                rule "retry hint on server errors" {
                    when path ~ "/status/*"
                    response when status in 500..599 {
                        set-header "Retry-After" "5"
                    }
                }
                """)
            let reply = await Caller.async.fetch(URLRequest(url: harness.url("/status/\(status)")), in: harness.session)
            #expect(reply.status == status)
            #expect((reply.response?.value(forHTTPHeaderField: "Retry-After") == "5") == retryable)
        }
    }
}
