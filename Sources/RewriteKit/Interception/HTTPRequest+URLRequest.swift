import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPRequest {
    /// Builds the pipeline's view of a URLRequest: the outer configuration's
    /// additional headers first (where the request does not set them), then the
    /// request's own; nil when the URL is not an absolute http(s) URL.
    init?(_ request: URLRequest, additionalHeaders: [(String, String)], body: [UInt8]?) {
        guard let text = request.url?.absoluteString, let url = RequestURL(string: text) else { return nil }
        let own = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        var headers = HTTPHeaders()
        for (name, value) in additionalHeaders where !own.contains(where: { HTTPHeaders.namesMatch($0.key, name) }) {
            headers.add(name, value)
        }
        for (name, value) in own { headers.add(name, value) }
        self.init(method: request.httpMethod ?? "GET", url: url, headers: headers, body: body)
    }

    /// The same, for `canInit`: the body is left unknown (nil) to stay cheap.
    init?(_ request: URLRequest, additionalHeaders: [(String, String)], includeBody: Bool) {
        self.init(request, additionalHeaders: additionalHeaders, body: includeBody ? request.httpBody.map { [UInt8]($0) } : nil)
    }

    /// The URLRequest to forward: the original one (keeping its cache policy,
    /// timeout and other settings) with this method, URL, headers and body.
    /// Content-Length is never copied: libcurl computes it, and a stale one
    /// truncates the body and poisons the connection.
    func urlRequest(basedOn original: URLRequest) -> URLRequest? {
        guard let url = URL(string: url.description) else { return nil }
        var request = original
        request.url = url
        request.httpMethod = method
        for name in (original.allHTTPHeaderFields ?? [:]).keys {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        for field in headers where !HTTPHeaders.namesMatch(field.name, "Content-Length") {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        request.httpBodyStream = nil
        request.httpBody = body.map { Data($0) }
        return request
    }
}
