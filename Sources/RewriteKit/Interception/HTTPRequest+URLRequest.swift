import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPRequest {
    /// A request as the pipeline sees it: the method, URL, headers and `httpBody` of
    /// `request` (a body stream is not read); nil when the URL is not an absolute http(s)
    /// URL. For driving a ``Pipeline`` directly with your own `URLRequest`s, in unit
    /// tests or tools. (Installed, the interceptor also adds what the session would: the
    /// configuration's additional headers and stored cookies.)
    public init?(_ request: URLRequest) {
        self.init(request, defaults: .none, body: request.httpBody, addingStoredCookies: false)
    }

    /// The pipeline's view of a URLRequest as the session would send it: the
    /// configuration's additional headers (where the request does not set them), the
    /// request's own headers, and the cookies the session would add (unless
    /// `addingStoredCookies` is false); nil when the URL is not an absolute http(s) URL.
    /// `url` is the request's URL when the caller parsed it already.
    init?(_ request: URLRequest, url parsed: RequestURL? = nil, defaults: RequestDefaults, body: Data?, addingStoredCookies: Bool = true) {
        guard let url = parsed ?? request.url.flatMap({ RequestURL(string: $0.absoluteString) }) else { return nil }
        let own = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        var headers = HTTPHeaders()
        for (name, value) in defaults.additionalHeaders where !own.contains(where: { ASCIICase.equal($0.key, name) }) {
            headers.add(name, value)
        }
        for (name, value) in own { headers.add(name, value) }
        if addingStoredCookies, let cookie = defaults.cookieHeader(for: request) { headers.add("Cookie", cookie) }
        self.init(method: request.httpMethod ?? "GET", url: url, headers: headers, body: body.map { [UInt8]($0) })
    }

    /// The URLRequest to forward: the original one (keeping its cache policy, timeout and
    /// other settings, and its method's spelling) with exactly this method, URL and
    /// headers, and `httpBody` as its body (nil: none; the exchange attaches a stream, file
    /// or upload body itself).
    /// Content-Length is never copied: the transport computes it, and a stale one
    /// truncates the body and poisons the connection. `admitted` is the request the rules
    /// started from: a URL or method the rules left as it was is not set again, nor a
    /// body the original already carries. (On corelibs the first change copies the whole
    /// request, its method normalized by locale-aware comparisons, and each setter costs
    /// microseconds; every change made here, on the one copy, saves a copy later.)
    func urlRequest(basedOn original: URLRequest, admitted: HTTPRequest? = nil, httpBody: Data? = nil) -> URLRequest? {
        var request = original
        if admitted?.url != url {
            let text = url.description
            guard let url = original.url?.absoluteString == text ? original.url : URL(string: text) else { return nil }
            request.url = url
        }
        // The method as the app wrote it, unless the rules changed it: the pipeline's is
        // upper-cased, and corelibs sends any method but six as written (`patch`, `purge`).
        if admitted?.method != method || HTTPRequest.normalizedMethod(original.httpMethod ?? "GET") != method {
            request.httpMethod = method
        }
        var fields = headers
        fields.remove("Content-Length")
        // One assignment: adding fields one by one costs a locale-aware comparison with
        // every field already there (swift-corelibs-foundation).
        request.allHTTPHeaderFields = fields.joinedFields
        if request.httpBodyStream != nil { request.httpBodyStream = nil }
        request.carry(httpBody)
        return request
    }
}

extension URLRequest {
    /// Gives a POST without a `Content-Type` the one URLSession gives a POST's body
    /// (`application/x-www-form-urlencoded`), for a body the transport would not give it
    /// to: a file upload, or none where the app's request had one.
    mutating func addDefaultPOSTContentType() {
        guard httpMethod == "POST", value(forHTTPHeaderField: "Content-Type") == nil else { return }
        setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    }

    /// Sets `httpBody` to `body` unless it already holds those very bytes (the app's own
    /// body, passed on untouched), which would copy the whole request on corelibs.
    mutating func carry(_ body: Data?) {
        if let body {
            if httpBody?.isKnownSame(as: body) != true { httpBody = body }
        } else if httpBody != nil {
            httpBody = nil
        }
    }
}

extension Data {
    /// Whether this is known to hold the same bytes as `other` without reading a large
    /// body: a small one (perhaps stored inline) is compared, a large one is the same only
    /// when it is the same storage. (False for equal bytes stored twice: the caller then
    /// sets a copy it did not need to, never a wrong body.)
    func isKnownSame(as other: Data) -> Bool {
        guard count == other.count else { return false }
        if count <= 64 { return self == other }
        return withUnsafeBytes { mine in other.withUnsafeBytes { $0.baseAddress == mine.baseAddress } }
    }
}
