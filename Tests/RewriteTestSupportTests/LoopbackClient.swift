import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain URLSession helpers for the server tests: bounded timeouts, typed responses.
enum LoopbackClient {
    /// A fresh ephemeral session with short timeouts (no cookies or cache shared between tests).
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.timeoutIntervalForResource = 30
        configuration.httpMaximumConnectionsPerHost = 8
        return URLSession(configuration: configuration)
    }

    /// Sends `request` (timeout 15 s) on `session`, or on a new session that is then invalidated.
    static func send(_ request: URLRequest, session: URLSession? = nil) async throws -> (Data, HTTPURLResponse) {
        var request = request
        request.timeoutInterval = 15
        let owned = session == nil ? makeSession() : nil
        defer { owned?.finishTasksAndInvalidate() }
        guard let session = session ?? owned else { throw URLError(.unknown) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    /// The JSON object in `data`.
    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw URLError(.cannotParseResponse)
        }
        return object
    }
}
