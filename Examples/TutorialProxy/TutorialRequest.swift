import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tutorial's request and what came back.
struct TutorialRequest {
    /// What the app sends: `POST https://httpbin.org/post` with `{"hello":"world"}`.
    static let url = URL(string: "https://httpbin.org/post")
    static let body = #"{"hello":"world"}"#

    /// The status, or the error the request failed with.
    var status: Int?
    var error: (any Error)?
    /// The response body as the app received it.
    var body: Data

    /// Sends the tutorial's request through `session` with a data task (`httpBody`).
    static func send(through session: URLSession) async -> TutorialRequest {
        guard let url else { return TutorialRequest(status: nil, error: URLError(.badURL), body: Data()) }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        request.timeoutInterval = 10
        do {
            let (data, response) = try await session.data(for: request)
            return TutorialRequest(status: (response as? HTTPURLResponse)?.statusCode, error: nil, body: data)
        } catch {
            return TutorialRequest(status: nil, error: error, body: Data())
        }
    }
}

/// The parts of the echo server's reply the tutorial looks at (httpbin's `/post` format).
struct EchoReply: Decodable {
    /// The request body exactly as the server received it.
    var data: String
    /// The request headers as the server received them.
    var headers: [String: String]
    /// Added to the reply by the tutorial's `inject-json "proxy_timestamp" now()`.
    var proxyTimestamp: Double?

    enum CodingKeys: String, CodingKey {
        case data, headers
        case proxyTimestamp = "proxy_timestamp"
    }
}
