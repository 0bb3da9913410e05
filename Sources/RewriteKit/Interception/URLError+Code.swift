import Foundation

extension URLError {
    /// A URLError with any numeric code (a `fail code N` clause), carrying the failing URL.
    static func withCode(_ code: Int, url: URL?) -> URLError {
        #if canImport(FoundationNetworking)
        let code = URLError.Code(rawValue: code) ?? .unknown
        #else
        let code = URLError.Code(rawValue: code)
        #endif
        guard let url else { return URLError(code) }
        return URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }
}
