import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// One request of the batch and what the monitor should show for it.
struct BatchRequest: Sendable {
    var method = "GET"
    /// The URL the app asks for.
    var url: String
    var headers: [String: String] = [:]
    var body: Data?

    // What its `.finished` event must say.
    var status: Int?
    var source: ResponseSource
    var rules: [String]
    var errorCode: URLError.Code?
    var minimumDuration: TimeInterval = 0
    var bytesSent: Int?
    var bytesReceived: Int?

    /// The path the request keeps after rewriting, used to find its event.
    var path: String { URLComponents(string: url)?.path ?? url }

    /// The token the app sends; observers must see `<redacted>` instead.
    static let secret = "Bearer s3cret-token-42"

    /// Stubbed, local, failing and slow requests, started all at once.
    static let batch: [BatchRequest] = [
        BatchRequest(
            url: "https://api.monitor.test/anything/profile", headers: ["Authorization": secret],
            status: 200, source: .network, rules: ["request id", "api to the local server"]),
        BatchRequest(
            url: "https://api.monitor.test/v1/config",
            status: 200, source: .stub, rules: ["request id", "config stub"],
            bytesReceived: #"{"theme": "dark", "refresh": 30}"#.utf8.count),
        BatchRequest(
            method: "POST", url: "https://api.monitor.test/post", headers: ["Content-Type": "application/octet-stream"],
            body: Data(repeating: 0x2A, count: 4096),
            status: 200, source: .network, rules: ["request id", "api to the local server"], bytesSent: 4096),
        BatchRequest(
            url: "https://api.monitor.test/bytes/65536",
            status: 200, source: .network, rules: ["request id", "api to the local server"], bytesReceived: 65536),
        BatchRequest(
            url: "https://api.monitor.test/status/404",
            status: 404, source: .network, rules: ["request id", "api to the local server"]),
        BatchRequest(
            url: "https://api.monitor.test/delay/1",
            status: 200, source: .network, rules: ["request id", "api to the local server"], minimumDuration: 1),
        BatchRequest(
            url: "https://api.monitor.test/v1/slow-stub",
            status: 200, source: .stub, rules: ["request id", "slow stub"], minimumDuration: 1,
            bytesReceived: "worth the wait".utf8.count),
        BatchRequest(
            url: "https://ads.monitor.test/banner",
            status: nil, source: .failure, rules: ["request id", "no ads"], errorCode: .notConnectedToInternet),
        BatchRequest(
            url: "https://legacy.monitor.test/v1/ping",
            status: nil, source: .network, rules: ["request id", "legacy to a closed port"], errorCode: .cannotConnectToHost),
    ]

    /// Sends the request with a data task; failures are expected for some, so they are not thrown.
    func send(through session: URLSession) async {
        guard let url = URL(string: url) else { return }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 15
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        _ = try? await session.data(for: request)
    }
}
