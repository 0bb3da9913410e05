import Foundation
@testable import RewriteKit
import Testing

/// The relay's queue on its own: messages ready together go on in one piece, a delayed one
/// holds back those after it, a stale timer does nothing, and the end runs once all went on.
@Suite("Message relay")
struct MessageRelayTests {
    static func relay() -> MessageRelay {
        MessageRelay(format: .eventStream, head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]))
    }

    @Test("messages ready together go on in one piece; a delayed one starts a wait and holds back the rest")
    func delayHoldsBackWhatFollows() throws {
        var relay = Self.relay()
        relay.append(Data("a".utf8), after: 0)
        relay.append(Data("b".utf8), after: 0)
        relay.append(Data("c".utf8), after: 0.5)
        relay.append(Data("d".utf8), after: 0)
        let ended = Locked(0)
        relay.end { ended.withLock { $0 += 1 } }

        let first = relay.take()
        #expect(String(decoding: first.ready, as: UTF8.self) == "ab")
        let wait = try #require(first.wait)
        #expect(wait.seconds == 0.5)
        #expect(first.drained == nil, "c and d have not gone on")

        let whileWaiting = relay.take()
        #expect(whileWaiting.ready.isEmpty && whileWaiting.wait == nil && whileWaiting.drained == nil)
        let stale = relay.resume(after: wait.wait - 1)
        #expect(!stale, "a timer of an earlier wait does nothing")
        let current = relay.resume(after: wait.wait)
        #expect(current)
        let again = relay.resume(after: wait.wait)
        #expect(!again, "a wait ends once")

        let rest = relay.take()
        #expect(String(decoding: rest.ready, as: UTF8.self) == "cd")
        #expect(rest.wait == nil)
        rest.drained?()
        #expect(ended.withLock { $0 } == 1)
        let after = relay.take()
        #expect(after.drained == nil, "the end runs once")
    }

    @Test("the end waits for the queue: nothing queued runs it at once, a stream still going does not")
    func endRunsWhenTheQueueIsEmpty() {
        var relay = Self.relay()
        relay.append(Data("x".utf8), after: 0)
        let going = relay.take()
        #expect(going.drained == nil, "no end yet")
        relay.end {}
        let step = relay.take()
        #expect(step.ready.isEmpty && step.drained != nil)
    }
}
