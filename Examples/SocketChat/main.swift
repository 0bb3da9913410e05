// SocketChat: a chat client's WebSocket answered by a stubbed conversation from a rule file,
// with rules on the messages both ways.
//
//   swift run SocketChat
//
// `Rules/websockets.rules` answers wss://chat.example.com/socket with a script: a welcome, a
// typing notice (dropped by a message rule), after 100 ms a question, then replies to what the
// client sends, and a close when it says "bye". The client's code is what it would be against
// `session.webSocketTask(with:)`: resume, send, receive. Each message is printed with its time.
//
// Exit status: 0 when every message arrived as the rules say, in order, and the socket closed
// with the script's code and reason.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SocketChat: error: \(message)\n".utf8))
    exit(1)
}

let rulesFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Rules/websockets.rules")
let rewriter: Rewriter
do { rewriter = try Rewriter(ruleSets: [RuleSet(contentsOf: rulesFile)]) } catch { fail("cannot load \(rulesFile.path): \(error)") }
let session = URLSession(configuration: .ephemeral)
let start = Date()

func show(_ arrow: String, _ text: String) {
    print(String(format: "  %5.0f ms  ", Date().timeIntervalSince(start) * 1000) + arrow + " " + text)
}

/// The next text message, printed.
func receiveText(_ socket: any WebSocketTask) async throws -> String {
    let message = try await socket.receive()
    guard case .string(let text) = message else { fail("expected a text message, got \(message)") }
    show("←", text)
    return text
}

func send(_ socket: any WebSocketTask, _ text: String) async throws {
    show("→", text)
    try await socket.send(.string(text))
}

print("wss://chat.example.com/socket, answered by Rules/websockets.rules (no network)")
let socket = rewriter.webSocketTask(with: URLRequest(url: URL(string: "wss://chat.example.com/socket")!), in: session)
socket.resume()
var received: [String] = []
do {
    received.append(try await receiveText(socket))
    received.append(try await receiveText(socket))
    try await send(socket, #"{"type": "subscribe", "channel": "news"}"#)
    received.append(try await receiveText(socket))
    try await send(socket, #"{"type": "message", "text": "my secret plan"}"#)
    received.append(try await receiveText(socket))
    try await send(socket, "bye")
    received.append(try await receiveText(socket))
} catch {
    fail("the conversation failed early: \(error)")
}
do {
    let extra = try await socket.receive()
    fail("a message after the close: \(extra)")
} catch {
    show("×", "closed: \(socket.closeCode.rawValue) \(String(decoding: socket.closeReason ?? Data(), as: UTF8.self))")
}

let expected = [
    #"{"type": "welcome", "text": "hello","seen":true}"#,
    #"{"type": "message", "text": "how can I help?","seen":true}"#,
    #"{"type": "subscribed", "channel": "news"}"#,
    #"{"type": "echo", "text": "my ****** plan","seen":true}"#,
    #"{"type": "bye", "text": "see you","seen":true}"#,
]
if received != expected { fail("received\n\(received.joined(separator: "\n"))\nexpected\n\(expected.joined(separator: "\n"))") }
if socket.closeCode != .normalClosure || socket.closeReason != Data("done".utf8) { fail("closed with \(socket.closeCode.rawValue)") }
session.invalidateAndCancel()
print("every message arrived as the rules say; the typing notice was dropped, the secret hidden")
