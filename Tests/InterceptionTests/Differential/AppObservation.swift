import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteTesting

/// Everything an app could observe of one request, made comparable: the delegate
/// callbacks in order, the final response, body and error, and what the server saw.
struct AppObservation: Equatable, Sendable, CustomStringConvertible {
    /// A delegate callback, reduced to what must match.
    enum Callback: Equatable, Sendable, CustomStringConvertible {
        /// `willPerformHTTPRedirection`: the redirect's status, the new request's path and
        /// query, method, and the length of the `httpBody` it carries.
        case redirect(status: Int, to: String, method: String, body: Int = 0)
        /// `didReceive challenge`: the authentication method and previous failures.
        case challenge(method: String, failures: Int)
        /// `didReceive response`: its status.
        case response(status: Int)
        /// `didReceive data`, consecutive chunks merged: the byte count.
        case data(bytes: Int)
        /// `didSendBodyData`, consecutive calls merged: the last total sent.
        case sentBody(total: Int64)
        /// `needNewBodyStream`.
        case neededBodyStream
        /// `didFinishDownloadingTo`: the file's size.
        case downloaded(bytes: Int)
        /// `didCompleteWithError`.
        case complete(error: String?)

        var description: String {
            switch self {
            case .redirect(let status, let to, let method, let body):
                "redirect \(status) → \(method) \(to)" + (body > 0 ? " with a \(body) B body" : "")
            case .challenge(let method, let failures): "challenge \(method) (failures \(failures))"
            case .response(let status): "response \(status)"
            case .data(let bytes): "data \(bytes) B"
            case .sentBody(let total): "sent \(total) B"
            case .neededBodyStream: "needNewBodyStream"
            case .downloaded(let bytes): "downloaded \(bytes) B"
            case .complete(let error): "complete \(error ?? "ok")"
            }
        }
    }

    /// The delegate's callbacks, in order (empty without a delegate).
    var callbacks: [Callback] = []
    /// The final status (from the completion handler, `data(for:)` or the task), if any.
    var status: Int?
    /// The final response's headers, names lower-cased, without `Date`.
    var headers: [String: String] = [:]
    /// The final response's URL path and query.
    var url: String?
    /// The body the app got (or the downloaded file), as length and SHA-256.
    var bodyLength = 0
    var bodySHA256 = TestSHA256.hex([])
    /// The error, as `domain code`.
    var error: String?
    /// Whether nothing came back before the deadline (the task was then cancelled).
    var hung = false
    /// The requests the server received for this case: method, path, body length, and the
    /// `Authorization` and `Cookie` headers it saw.
    var serverSaw: [String] = []

    var description: String {
        if hung { return "HANG (\(callbacks.prefix(12).map(\.description).joined(separator: ", "))\(callbacks.count > 12 ? ", …" : ""))" }
        var parts = ["status \(status.map(String.init) ?? "none")", "body \(bodyLength) B"]
        if let error { parts.append("error \(error)") }
        if !callbacks.isEmpty { parts.append("callbacks [\(callbacks.map(\.description).joined(separator: ", "))]") }
        parts.append("server saw [\(serverSaw.joined(separator: "; "))]")
        return parts.joined(separator: ", ")
    }

    /// The fields where `other` differs, one line each.
    func differences(from other: AppObservation) -> [String] {
        var lines: [String] = []
        func compare<T: Equatable>(_ name: String, _ lhs: T, _ rhs: T) {
            if lhs != rhs { lines.append("\(name): plain \(lhs) ≠ intercepted \(rhs)") }
        }
        compare("hung", hung, other.hung)
        compare("callbacks", callbacks.map(\.description), other.callbacks.map(\.description))
        compare("status", status, other.status)
        compare("url", url, other.url)
        compare("error", error, other.error)
        compare("body length", bodyLength, other.bodyLength)
        compare("body SHA-256", bodySHA256, other.bodySHA256)
        for name in Set(headers.keys).union(other.headers.keys).sorted() {
            compare("header \(name)", headers[name], other.headers[name])
        }
        compare("server saw", serverSaw, other.serverSaw)
        return lines
    }

    /// Records a callback, merging consecutive data and upload progress.
    mutating func append(_ callback: Callback) {
        switch (callbacks.last, callback) {
        case (.data(let before)?, .data(let more)):
            callbacks[callbacks.count - 1] = .data(bytes: before + more)
        case (.sentBody?, .sentBody):
            callbacks[callbacks.count - 1] = callback
        default:
            callbacks.append(callback)
        }
    }

    /// Records the final response and body.
    mutating func finish(response: URLResponse?, body: Data, error: Error?) {
        if let http = response as? HTTPURLResponse {
            status = http.statusCode
            url = http.url.map { $0.path + ($0.query.map { "?" + $0 } ?? "") }
            var fields: [String: String] = [:]
            for case (let name as String, let value) in http.allHeaderFields where name.lowercased() != "date" {
                fields[name.lowercased()] = "\(value)"
            }
            headers = fields
        }
        bodyLength = body.count
        bodySHA256 = TestSHA256.hex([UInt8](body))
        self.error = error.map(Self.describe)
    }

    /// `domain code` of an error.
    static func describe(_ error: Error) -> String {
        if let urlError = error as? URLError { return "NSURLErrorDomain \(urlError.errorCode)" }
        let nsError = error as NSError
        return "\(nsError.domain) \(nsError.code)"
    }
}
