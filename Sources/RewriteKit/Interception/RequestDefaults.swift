import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a session configuration adds to every request, captured when a rewriter is
/// installed in it: additional headers, cookies, the request timeout.
struct RequestDefaults: @unchecked Sendable {
    /// `httpAdditionalHeaders`, sorted by name, as strings.
    let additionalHeaders: [(name: String, value: String)]
    /// The cookie storage, when the configuration sends cookies.
    let cookieStorage: HTTPCookieStorage?
    /// `timeoutIntervalForRequest`.
    let timeoutForRequest: TimeInterval

    /// Nothing added: no headers, no cookies, URLRequest's default timeout.
    static let none = RequestDefaults(additionalHeaders: [], cookieStorage: nil, timeoutForRequest: 60)

    private init(additionalHeaders: [(name: String, value: String)], cookieStorage: HTTPCookieStorage?, timeoutForRequest: TimeInterval) {
        self.additionalHeaders = additionalHeaders
        self.cookieStorage = cookieStorage
        self.timeoutForRequest = timeoutForRequest
    }

    init(_ configuration: URLSessionConfiguration) {
        additionalHeaders = (configuration.httpAdditionalHeaders ?? [:]).compactMap { key, value in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.name < $1.name }
        cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
        timeoutForRequest = configuration.timeoutIntervalForRequest
    }

    /// The `Cookie` header the session would add to `request`, if any: only when the
    /// request has none of its own and handles cookies.
    func cookieHeader(for request: URLRequest) -> String? {
        guard request.httpShouldHandleCookies,
              !(request.allHTTPHeaderFields ?? [:]).keys.contains(where: { ASCIICase.equal($0, "Cookie") })
        else { return nil }
        return storedCookieHeader(for: request.url)
    }

    /// `request` as corelibs configures a request it sends or a redirect it follows by
    /// itself (`URLSession._Configuration.setCookies(on:)`): its `Cookie` header replaced
    /// by the stored cookies for its URL, when there are any (whatever the request's
    /// `httpShouldHandleCookies`, as there).
    func configured(_ request: URLRequest) -> URLRequest {
        guard let value = storedCookieHeader(for: request.url) else { return request }
        var request = request
        request.setValue(value, forHTTPHeaderField: "Cookie")
        return request
    }

    /// The `Cookie` header the stored cookies for `url` make, when the session sends
    /// cookies and has some for it.
    private func storedCookieHeader(for url: URL?) -> String? {
        guard let cookieStorage, let url, let cookies = cookieStorage.cookies(for: url), !cookies.isEmpty,
              let value = HTTPCookie.requestHeaderFields(with: cookies)["Cookie"], !value.isEmpty
        else { return nil }
        return value
    }

    /// How long the session waits for a request: the request's own interval when it set
    /// one other than URLRequest's default of 60 s, else the configuration's.
    func timeout(for request: URLRequest) -> TimeInterval {
        let own = request.timeoutInterval
        return own > 0 && own != 60 ? own : timeoutForRequest
    }
}
