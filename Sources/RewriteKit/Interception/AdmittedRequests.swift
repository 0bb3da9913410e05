import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The admissions `canInit` made, waiting for their loads: URLSession asks the protocol
/// class with a request (a class method) and then makes an instance for the same request,
/// with nothing to carry from one to the other. The load takes the admission made for a
/// request with its URL, method and header fields (what the admission was made from).
///
/// A few are kept, newest last: Apple platforms ask `canInit` several times per task, and
/// a task cancelled before it starts never takes its own. One not found (evicted, or the
/// rules changed) only costs the load a fresh admission.
struct AdmittedRequests: Sendable {
    /// How many are kept.
    static let capacity = 32

    private struct Entry: @unchecked Sendable {
        let request: URLRequest
        let admission: Admission
    }

    private let entries = Locked<[Entry]>([])

    /// Keeps `admission`, made for `request`.
    func keep(_ admission: Admission, for request: URLRequest) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(Entry(request: request, admission: admission))
        }
    }

    /// The newest admission made for a request like `request`, removed.
    func take(for request: URLRequest) -> Admission? {
        let head = Head(request)
        return entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.request.url == head.url && Head($0.request) == head }) else { return nil }
            return entries.remove(at: index).admission
        }
    }

    /// What an admission was made from: two requests with the same head convert to the
    /// same request. (`URLRequest`'s own `==` ignores the header fields.)
    private struct Head: Equatable {
        let url: URL?
        let method: String?
        let fields: [String: String]?
        let handlesCookies: Bool

        init(_ request: URLRequest) {
            (url, method, fields, handlesCookies) = (request.url, request.httpMethod, request.allHTTPHeaderFields, request.httpShouldHandleCookies)
        }
    }
}
