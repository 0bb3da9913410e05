import Foundation
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
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var chunks = 0
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<Fetched, Never>?
    /// Called with each chunk's size as it arrives.
    var onChunk: (@Sendable (Int) -> Void)?

    /// Runs one request on a new delegate session made from `configuration`.
    static func fetch(_ request: URLRequest, configuration: URLSessionConfiguration, onChunk: (@Sendable (Int) -> Void)? = nil) async -> Fetched {
        let delegate = StreamingDelegate()
        delegate.onChunk = onChunk
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            delegate.lock.lock()
            delegate.continuation = continuation
            delegate.lock.unlock()
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        self.data.append(data)
        chunks += 1
        lock.unlock()
        onChunk?(data.count)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let result = Fetched(
            data: data, response: response, error: error as? URLError, chunkCount: chunks,
            anyError: error.map { $0 as any Error & Sendable })
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(returning: result)
    }
}
