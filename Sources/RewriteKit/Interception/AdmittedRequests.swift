import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The admissions `canInit` made, waiting for their loads: URLSession asks the protocol
/// class with a request (a class method) and then makes an instance for the same request,
/// with nothing to carry from one to the other. The load takes the admission made for a
/// request with its URL, method and header fields (what the admission was made from).
///
/// A few are kept, newest last: a task cancelled before it starts never takes its own. One
/// not found (evicted, or the rules changed) only costs the load a fresh admission.
///
/// Apple platforms ask `canInit(with: task)` several times per task: the answer for a task
/// is kept with it (an admission, or "declined"), so the index, the request's conversion,
/// the cookie read and the conditions run once per task, not once per question.
struct AdmittedRequests: Sendable {
    /// How many are kept (answers for declined tasks among them).
    static let capacity = 64

    private struct Entry: @unchecked Sendable {
        let request: URLRequest
        /// The task asked about, when `canInit(with: task)` asked.
        let task: ObjectIdentifier?
        /// The pipeline that answered.
        let pipeline: Pipeline
        /// The admission; nil when the request was declined.
        let admission: Admission?
    }

    private let entries = Locked<[Entry]>([])

    /// Keeps `admission` (nil: declined), made by `pipeline` for `request` of `task`.
    func keep(_ admission: Admission?, by pipeline: Pipeline, for request: URLRequest, task: URLSessionTask? = nil) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(Entry(request: request, task: task.map(ObjectIdentifier.init), pipeline: pipeline, admission: admission))
        }
    }

    /// The answer already given for `task` asking with `request` under `pipeline`: true
    /// (admitted, the admission still waiting for its load), false (declined), or nil when
    /// it was not asked yet, its request changed, or the rules did.
    func answer(for task: URLSessionTask, request: URLRequest, pipeline: Pipeline) -> Bool? {
        let id = ObjectIdentifier(task)
        let head = Head(request)
        return entries.withLock { entries in
            guard let entry = entries.last(where: { $0.task == id }), entry.pipeline === pipeline,
                  entry.request.url == head.url, Head(entry.request) == head
            else { return nil }
            return entry.admission != nil
        }
    }

    /// How many answers are kept for `task`.
    func count(for task: URLSessionTask) -> Int {
        let id = ObjectIdentifier(task)
        return entries.withLock { $0.filter { $0.task == id }.count }
    }

    /// The newest admission made for a request like `request`, removed.
    func take(for request: URLRequest) -> Admission? {
        let head = Head(request)
        return entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.admission != nil && $0.request.url == head.url && Head($0.request) == head })
            else { return nil }
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
