import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A WebSocket connection with the shape of `URLSessionWebSocketTask`'s API, which conforms
/// to it: what ``Rewriter/webSocketTask(with:in:)`` returns, so an app's socket code runs
/// unchanged against the real task, a stubbed conversation, or a real task whose messages go
/// through the rules.
///
/// ```swift
/// // Before: let socket = session.webSocketTask(with: request)
/// let socket: any WebSocketTask = rewriter.webSocketTask(with: request, in: session)
/// socket.resume()
/// try await socket.send(.string("hello"))
/// let reply = try await socket.receive()
/// ```
///
/// URLSession cannot carry WebSocket traffic through a `URLProtocol` on any platform, so
/// sockets are not intercepted by an installation: the app asks the rewriter for each one.
public protocol WebSocketTask: AnyObject, Sendable {
    /// Opens the connection (a stubbed conversation starts its script).
    func resume()
    /// Closes the connection with a close frame carrying `closeCode` and `reason`; pending
    /// and later sends and receives fail.
    func cancel(with closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
    /// Sends a message; `completionHandler` gets nil once it is sent, or the error.
    func send(_ message: URLSessionWebSocketTask.Message, completionHandler: @escaping @Sendable (Error?) -> Void)
    /// Sends a message.
    func send(_ message: URLSessionWebSocketTask.Message) async throws
    /// Receives the next message, or the error that ended the connection.
    func receive(completionHandler: @escaping @Sendable (Result<URLSessionWebSocketTask.Message, Error>) -> Void)
    /// Receives the next message.
    func receive() async throws -> URLSessionWebSocketTask.Message
    /// Sends a ping; `pongReceiveHandler` gets nil when the pong arrives, or the error.
    func sendPing(pongReceiveHandler: @escaping @Sendable (Error?) -> Void)
    /// The code of the close frame that ended the connection (`.invalid` while open).
    var closeCode: URLSessionWebSocketTask.CloseCode { get }
    /// The reason of that close frame, if it had one.
    var closeReason: Data? { get }
    /// Suspended before ``resume()``, running while open, completed once ended.
    var state: URLSessionTask.State { get }
    /// The largest message the connection receives, in bytes; a larger one ends it with
    /// `.messageTooBig`.
    var maximumMessageSize: Int { get set }
}

extension URLSessionWebSocketTask: WebSocketTask {}

extension URLSessionWebSocketTask.Message {
    /// The message as the rules see it.
    var socketMessage: SocketMessage {
        switch self {
        case .string(let text): SocketMessage.text(text)
        case .data(let data): SocketMessage(kind: .binary, bytes: [UInt8](data))
        @unknown default: SocketMessage(kind: .binary, bytes: [])
        }
    }

    /// The message a rules' message stands for.
    init(_ message: SocketMessage) {
        switch message.kind {
        case .text: self = .string(message.text)
        case .binary: self = .data(Data(message.bytes))
        }
    }
}
