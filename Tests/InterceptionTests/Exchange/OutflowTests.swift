import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// The body on its way to the app, driven alone: a client that records every call stands in
/// for URLSession's, and the waits a plan asks for run at once, so each ordering is exact.
@Suite struct OutflowTests {
    /// A URLProtocol client that keeps what it was told, in order.
    final class RecordingClient: NSObject, URLProtocolClient, @unchecked Sendable {
        private let calls = Locked<[String]>([])
        var log: [String] { calls.withLock { $0 } }
        private func note(_ call: String) { calls.withLock { $0.append(call) } }

        func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) { note("redirect") }
        func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) { note("cached") }
        func urlProtocol(_ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) { note("head") }
        func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) { note("load \(String(decoding: data, as: UTF8.self))") }
        func urlProtocolDidFinishLoading(_ protocol: URLProtocol) { note("finish") }
        func urlProtocol(_ protocol: URLProtocol, didFailWithError error: Error) { note("fail") }
        func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) { note("challenge") }
        func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) { note("cancel challenge") }
    }

    /// An outflow to `client` and its channel.
    static func outflow(to client: RecordingClient, receivesChunks: Bool) -> (Outflow, ClientChannel) {
        let protocolObject = URLProtocol(request: URLRequest(url: URL(string: "https://a.test/")!), cachedResponse: nil, client: client)
        let context = ExchangeContext()
        let channel = ClientChannel(protocolObject, context: context)
        return (Outflow(channel: channel, context: context, receivesChunks: receivesChunks, perCall: nil), channel)
    }

    /// Plays `plan` with every wait run at once; returns the waits asked for and the failure
    /// the plan ended with, once it ended.
    static func play(_ outflow: Outflow, _ body: [UInt8], _ plan: StreamPlan) -> (waits: [Double], ended: Bool, failure: StreamPlan.Failure?) {
        let waits = Locked<[Double]>([])
        let end = Locked<(Bool, StreamPlan.Failure?)>((false, nil))
        outflow.play(plan, of: body, wait: { seconds, work in
            waits.withLock { $0.append(seconds) }
            work()
        }) { failure in end.withLock { $0 = (true, failure) } }
        let (ended, failure) = end.withLock { $0 }
        return (waits.withLock { $0 }, ended, failure)
    }

    static let messages: [(gap: Double?, bytes: [UInt8])] = [(nil, Array("one ".utf8)), (0.5, Array("two ".utf8)), (0.25, Array("three".utf8))]

    @Test("a streamed stub plays piece by piece to a caller that takes chunks, waiting what its plan says, then ends")
    func playsPieceByPiece() throws {
        let client = RecordingClient()
        let (outflow, _) = Self.outflow(to: client, receivesChunks: true)
        let (body, plan) = StreamPlan.make(messages: Self.messages, chunk: nil, failure: nil)
        let played = Self.play(outflow, body, plan)
        #expect(client.log == ["load one ", "load two ", "load three"])
        #expect(played.waits == [0.5, 0.25])
        #expect(played.ended && played.failure == nil)
        #expect(outflow.bytesDelivered == body.count)
    }

    @Test("a caller that takes the body whole gets the pieces in one delivery at the end; the plan's failure is passed on")
    func keepsTheBodyWhole() throws {
        let client = RecordingClient()
        let (outflow, _) = Self.outflow(to: client, receivesChunks: false)
        let failure = StreamPlan.Failure(error: RequestError(URLError(.networkConnectionLost)), delay: 0)
        let (body, plan) = StreamPlan.make(messages: Self.messages, chunk: nil, failure: failure)
        let played = Self.play(outflow, body, plan)
        #expect(client.log == ["load one two three"])
        #expect(played.ended && played.failure == failure)
        #expect(outflow.bytesDelivered == body.count)
    }

    @Test("message blocks see whole messages across reads: a dropped one never arrives, the end lets the last one through without its line end")
    func relaysWholeMessages() throws {
        let client = RecordingClient()
        let (outflow, _) = Self.outflow(to: client, receivesChunks: true)
        let head = HTTPResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"])
        outflow.relayMessages(format: .jsonLines, head: head) { message, _, _ in
            let text = String(decoding: message.raw, as: UTF8.self)
            return (text.contains("drop") ? nil : Array(text.uppercased().utf8), 0)
        }
        outflow.write(Data("{\"a\":1}\n{\"dr".utf8))
        outflow.write(Data("op\":2}\n{\"c\":3}\n{\"tail\"".utf8))
        let ended = Locked(false)
        outflow.end { ended.withLock { $0 = true } }
        #expect(client.log == ["load {\"A\":1}\n", "load {\"C\":3}\n", "load {\"TAIL\""])
        #expect(ended.withLock { $0 })
    }

    @Test("once the channel closes (stopLoading), no piece reaches the client")
    func closedChannelTakesNothing() throws {
        let client = RecordingClient()
        let (outflow, channel) = Self.outflow(to: client, receivesChunks: true)
        outflow.write(Data("before".utf8))
        channel.close()
        outflow.write(Data("after".utf8))
        let (body, plan) = StreamPlan.make(messages: Self.messages, chunk: nil, failure: nil)
        _ = Self.play(outflow, body, plan)
        #expect(client.log == ["load before"])
        #expect(outflow.bytesDelivered == 6)
    }
}
