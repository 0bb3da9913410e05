import Foundation

/// The error a request failed with: a `URLError` code (domain `NSURLErrorDomain`) or an app's
/// own domain and code.
///
/// A `fail` clause makes one (`fail offline`, `fail code -1009`,
/// `fail code 402 domain "com.myapp.payments" message "Card declined"`); ``ActivityEvent``,
/// ``RecordedExchange`` and the trace report every failure as one, whether a rule made it or
/// the network did. The app's task completes with a `URLError` for `NSURLErrorDomain`, and
/// for another domain with that domain's `NSError`, as `NSError(domain:code:userInfo:)` makes it.
public struct RequestError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The error domain: `NSURLErrorDomain` unless a rule names another.
    public let domain: String
    /// The error code within ``domain``, as written (`-1009`, `402`).
    public let code: Int
    /// The error's localized description when a rule gives one (`message "…"`); `nil` leaves
    /// the system's own.
    public let message: String?

    /// Creates an error of `domain` (by default `NSURLErrorDomain`) with `code` and, optionally,
    /// the text of its localized description.
    public init(domain: String = NSURLErrorDomain, code: Int, message: String? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// The domain and code of any error, as `NSError` bridging gives them; `message` is set
    /// only when the error carries an explicit `NSLocalizedDescriptionKey`.
    package init(_ error: any Error) {
        if let error = error as? RequestError {
            self = error
            return
        }
        let bridged = error as NSError
        self.init(
            domain: bridged.domain, code: bridged.code,
            message: bridged.userInfo[NSLocalizedDescriptionKey] as? String)
    }

    /// Whether the error is a `URLError` (domain `NSURLErrorDomain`).
    package var isURLError: Bool { domain == NSURLErrorDomain }

    /// The `URLError` code (`.notConnectedToInternet`), or `nil` for another domain or a
    /// code the platform's `URLError.Code` does not know.
    public var urlErrorCode: URLError.Code? {
        guard isURLError else { return nil }
        // `Code(rawValue:)` is failable on corelibs and not on Apple platforms; spelled as an
        // optional, one line serves both.
        let known: URLError.Code? = URLError.Code(rawValue: code)
        return known
    }

    /// `NSURLErrorDomain -1009`: the domain and the code.
    public var description: String { "\(domain) \(code)" }

    /// The message when a rule gave one, else ``description``, for `localizedDescription`.
    public var errorDescription: String? { message ?? description }

    /// `URLError -1009`, or `com.myapp.payments 402` for another domain: how reports name it.
    package var shortDescription: String {
        isURLError ? "URLError \(code)" : description
    }

    /// Reads ``description``'s form back (`"NSURLErrorDomain -1009"`); a lone code is a
    /// `URLError` code. `nil` when the text ends in no number.
    init?(parsing text: String) {
        let words = text.split(separator: " ")
        guard let last = words.last, let code = Int(last) else { return nil }
        let domain = words.dropLast().joined(separator: " ")
        self.init(domain: domain.isEmpty ? NSURLErrorDomain : domain, code: code)
    }

    /// The error the app's task completes with: a `URLError` carrying the failing URL for
    /// `NSURLErrorDomain` (an `NSError` of that domain where the platform's `URLError.Code`
    /// has no such code), else an `NSError` of the domain; the message, if any, is its
    /// localized description.
    func taskError(url: URL?) -> any Error {
        var userInfo: [String: Any] = [:]
        if let message { userInfo[NSLocalizedDescriptionKey] = message }
        guard isURLError else { return NSError(domain: domain, code: code, userInfo: userInfo) }
        if let url {
            userInfo[NSURLErrorFailingURLErrorKey] = url
        }
        guard let known = urlErrorCode else { return NSError(domain: domain, code: code, userInfo: userInfo) }
        return URLError(known, userInfo: userInfo)
    }
}
