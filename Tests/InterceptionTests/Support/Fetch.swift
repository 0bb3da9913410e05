import Foundation
import RewriteKit
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a caller got back: body, response or error, and for delegates the chunks.
struct Fetched: Sendable {
    var data: Data
    var response: HTTPURLResponse?
    var error: URLError?
    var chunkCount: Int = 0
    /// Any error the task failed with, also non-URLError ones.
    var anyError: (any Error & Sendable)?

    var status: Int { response?.statusCode ?? -1 }
    var text: String { String(decoding: data, as: UTF8.self) }
}

/// The three ways apps receive responses; every behaviour is tested through each.
enum Caller: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case completionHandler
    case async
    case delegate

    var testDescription: String { rawValue }

    func fetch(_ request: URLRequest, in session: URLSession) async -> Fetched {
        switch self {
        case .completionHandler:
            return await withCheckedContinuation { continuation in
                session.dataTask(with: request) { data, response, error in
                    continuation.resume(returning: Fetched(
                        data: data ?? Data(), response: response as? HTTPURLResponse,
                        error: error as? URLError, anyError: error.map { $0 as any Error & Sendable }))
                }.resume()
            }
        case .async:
            do {
                let (data, response) = try await session.data(for: request)
                return Fetched(data: data, response: response as? HTTPURLResponse)
            } catch {
                return Fetched(data: Data(), error: error as? URLError, anyError: error)
            }
        case .delegate:
            return await StreamingDelegate.fetch(request, configuration: session.configuration)
        }
    }
}

/// A session data delegate that records every chunk, as streaming apps do.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var data = Data()
        var chunks = 0
        var response: HTTPURLResponse?
        var continuation: CheckedContinuation<Fetched, Never>?
    }

    private let state = Locked(State())
    /// Called with each chunk's size as it arrives.
    private let onChunk: (@Sendable (Int) -> Void)?

    private init(onChunk: (@Sendable (Int) -> Void)?) {
        self.onChunk = onChunk
    }

    /// Runs one request on a new delegate session made from `configuration`.
    static func fetch(_ request: URLRequest, configuration: URLSessionConfiguration, onChunk: (@Sendable (Int) -> Void)? = nil) async -> Fetched {
        let delegate = StreamingDelegate(onChunk: onChunk)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            delegate.state.withLock { $0.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.data.append(data)
            state.chunks += 1
        }
        onChunk?(data.count)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let (result, continuation) = state.withLock { state -> (Fetched, CheckedContinuation<Fetched, Never>?) in
            let result = Fetched(
                data: state.data, response: state.response, error: error as? URLError, chunkCount: state.chunks,
                anyError: error.map { $0 as any Error & Sendable })
            defer { state.continuation = nil }
            return (result, state.continuation)
        }
        continuation?.resume(returning: result)
    }
}

/// One delivery a streaming delegate heard: when (seconds after the task started) and what.
struct Delivery: Sendable, Equatable {
    let time: TimeInterval
    let text: String
}

extension StreamingDelegate {
    /// Runs `request` on a new delegate session made from `configuration`, keeping each
    /// delivery with its time, for tests of streams.
    static func deliveries(_ request: URLRequest, configuration: URLSessionConfiguration) async -> (Fetched, [Delivery]) {
        let start = Date()
        let times = Locked<[(TimeInterval, Int)]>([])
        let fetched = await fetch(request, configuration: configuration) { size in
            times.withLock { $0.append((Date().timeIntervalSince(start), size)) }
        }
        var offset = 0
        let deliveries = times.withLock { $0 }.map { time, size -> Delivery in
            defer { offset += size }
            return Delivery(time: time, text: String(decoding: fetched.data[offset..<(offset + size)], as: UTF8.self))
        }
        return (fetched, deliveries)
    }
}
