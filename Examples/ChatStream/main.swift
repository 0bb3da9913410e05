// ChatStream: stub a chat completion stream word by word, then rewrite one field of every
// event of a real stream as it flows.
//
//   swift run ChatStream
//
// 1. `Rules/streams.rules` answers POST https://api.example.com/v1/chat/completions with
//    `Rules/fixtures/chat.sse`, one event every 40 ms; its "mark streamed text" rule marks
//    each event and hides a secret word, and holds `[DONE]` back 2 s. A data delegate prints
//    each event as it arrives, with its time.
// 2. Against a loopback server that streams server-sent events 100 ms apart, a rule written
//    here rewrites `choices[0].delta.content` of every event (and drops the typing events),
//    and the delegate again prints each event as it arrives, before the stream ends.
//
// Exit status: 0 when every event arrived edited, in order, one by one.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit
import RewriteTestSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ChatStream: error: \(message)\n".utf8))
    exit(1)
}

/// Prints every delivery as it arrives, with the time since the task started.
final class EventPrinter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let start = Date()
    private let lock = NSLock()
    private var deliveries: [(time: TimeInterval, text: String)] = []
    private let done = DispatchSemaphore(value: 0)
    private var failure: Error?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let time = Date().timeIntervalSince(start)
        let text = String(decoding: data, as: UTF8.self)
        lock.withLock { deliveries.append((time, text)) }
        for line in text.split(separator: "\n") {
            print(String(format: "  %6.0f ms  ", time * 1000) + line)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock { failure = error }
        done.signal()
    }

    /// Runs `request` on a session made from `configuration` and returns what arrived.
    static func run(_ request: URLRequest, configuration: URLSessionConfiguration) -> [(time: TimeInterval, text: String)] {
        let printer = EventPrinter()
        let session = URLSession(configuration: configuration, delegate: printer, delegateQueue: nil)
        session.dataTask(with: request).resume()
        printer.done.wait()
        session.finishTasksAndInvalidate()
        if let error = printer.lock.withLock({ printer.failure }) { fail("the stream failed: \(error)") }
        return printer.lock.withLock { printer.deliveries }
    }
}

// 1. A stubbed chat completion, from the sample rules.
let rulesFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Rules/streams.rules")
let stub: Rewriter
do { stub = try Rewriter(ruleSets: [RuleSet(contentsOf: rulesFile)]) } catch { fail("cannot load \(rulesFile.path): \(error)") }
let stubbed = URLSessionConfiguration.ephemeral
do { try stub.install(in: stubbed) } catch { fail("cannot install: \(error)") }
var chat = URLRequest(url: URL(string: "https://api.example.com/v1/chat/completions")!)
chat.httpMethod = "POST"
print("1. stubbed: POST https://api.example.com/v1/chat/completions (Rules/streams.rules), no network")
let stubbedEvents = EventPrinter.run(chat, configuration: stubbed)
let stubbedText = stubbedEvents.map(\.text).joined()
guard stubbedEvents.count == 4, !stubbedText.contains("secret"), stubbedText.components(separatedBy: #""marked":true"#).count == 4,
      let last = stubbedEvents.last, let third = stubbedEvents.dropLast().last, last.time - third.time >= 1.9
else { fail("the stubbed stream did not arrive as four events, marked, the secret hidden, [DONE] 2 s late") }

// 2. A real stream from a loopback server, one field of each event rewritten as it flows.
let server: TestHTTPServer
do { server = try TestHTTPServer() } catch { fail("cannot start the loopback server: \(error)") }
let rules = """
    rule "shout every word" {
        when path starts-with "/events/"
        response each message when json "choices[0].delta.content" exists {
            replace-body /word (\\d+)/ "WORD ${1}!"
        }
        response each message when event == "typing" { drop }
    }
    """
let live: Rewriter
do { live = try Rewriter(ruleSets: [RuleSet(rules: rules, name: "shout.rules", baseDirectory: nil)]) } catch { fail("\(error)") }
let rewritten = URLSessionConfiguration.ephemeral
do { try live.install(in: rewritten) } catch { fail("cannot install: \(error)") }
print("\n2. live: GET \(server.url("/events/6?gap_ms=100&typed=1")), each event rewritten as it arrives")
let liveEvents = EventPrinter.run(URLRequest(url: server.url("/events/6?gap_ms=100&typed=1")), configuration: rewritten)
server.stop()
let liveText = liveEvents.map(\.text).joined()
let shouted = (0..<6).filter { liveText.contains("WORD \($0)!") }
guard shouted == [0, 2, 4], !liveText.contains("typing"), liveEvents.count >= 4,
      let first = liveEvents.first, let end = liveEvents.last, end.time - first.time >= 0.35
else { fail("the live stream was not rewritten event by event: \(liveText)") }
print("\nok: \(stubbedEvents.count) stubbed events and \(liveEvents.count) live deliveries, each edited as it came")
