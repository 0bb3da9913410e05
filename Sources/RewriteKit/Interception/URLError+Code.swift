import Foundation

extension URLError {
    /// A URLError with any numeric code (a `fail code N` clause), carrying the failing URL.
    static func withCode(_ code: Int, url: URL?) -> URLError {
        // `Code(rawValue:)` is failable on corelibs and not on Apple platforms; spelled as
        // an optional, one line serves both.
        let known: URLError.Code? = URLError.Code(rawValue: code)
        let code = known ?? .unknown
        guard let url else { return URLError(code) }
        return URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }
}
