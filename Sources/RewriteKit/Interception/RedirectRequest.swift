import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request a redirect leads to, made from the request the app sent (not from the
/// rewritten one), the way URLSession makes it: 301/302 turn a POST into a GET without a
/// body, 303 turns any method into a GET, 305–308 keep the method. A relative
/// `Location` is resolved against the URL the app asked for, so a hop the rules sent
/// elsewhere still leads the app on in its own URL space (and the next hop runs through
/// the rules again). Nil when the response is not a redirect
/// URLSession follows (300, 304, a 3xx without `Location`).
enum RedirectRequest {
    /// The next request, or nil.
    static func next(after request: URLRequest, status: Int, location: String?, baseURL: URL) -> URLRequest? {
        guard let location, !location.isEmpty, let target = URL(string: location, relativeTo: baseURL)?.absoluteURL else {
            return nil
        }
        var next = request
        switch status {
        case 303:
            next.httpMethod = "GET"
        case 301, 302:
            if request.httpMethod?.uppercased() == "POST" { next.httpMethod = "GET" }
        case 305...308:
            break
        default:
            return nil
        }
        if next.httpMethod != request.httpMethod {
            next.httpBody = nil
            next.httpBodyStream = nil
        }
        next.url = target
        // A redirect that keeps the method keeps the request's body, as the delegate sees it
        // (corelibs then sends none: see `Exchange.follow(to:after:source:)`).
        return next
    }

    /// The most redirects one load follows, as URLSession (more fail with
    /// `httpTooManyRedirects`).
    static let limit = 20

    /// What an answer means for a load at redirect hop `hop` (0 for the app's request).
    enum Step {
        /// Not a redirect URLSession follows: the answer is the final response.
        case final
        /// A redirect past ``RedirectRequest/limit``: the load fails with this error.
        case tooMany(URLError)
        /// A redirect to `next`; the app's delegate is shown `shown`.
        case redirect(next: URLRequest, shown: HTTPURLResponse)
    }

    /// The step `answer` (a server's head after the head-only response actions, or a stub)
    /// leads to from `request`, the app's request of the hop. `responseURL` is the URL the
    /// answer came from (the request's when nil); `describesBody` gives the shown response
    /// a `Content-Length` for the answer's own body (a stub's).
    static func step(
        after request: URLRequest, hop: Int, answer: HTTPResponse, responseURL: URL? = nil, describesBody: Bool = false
    ) -> Step {
        guard let appURL = request.url,
              let next = next(after: request, status: answer.status, location: answer.headers["Location"], baseURL: appURL)
        else { return .final }
        guard hop < limit else { return .tooMany(URLError(.httpTooManyRedirects, userInfo: [NSURLErrorFailingURLErrorKey: appURL])) }
        guard let shown = answer.urlResponse(url: responseURL ?? appURL, bodyChanged: describesBody) else { return .final }
        return .redirect(next: next, shown: shown)
    }

    /// `next` with the body the exchange already read in place of the app's stream.
    ///
    /// Inside a URL protocol on Apple platforms every body is an `httpBodyStream`, and the
    /// request phase has read it to the end and closed it; the load the system starts for a
    /// followed 307/308 would get that spent stream (an empty body or `URLError.unknown`).
    /// It gets the bytes instead, as a plain session re-sends them. A body spilled to disk
    /// is read back into memory for this: the copy's file goes with the old exchange.
    static func carrying(_ body: RequestBody, in next: URLRequest) -> URLRequest {
        guard next.httpBodyStream != nil else { return next }
        var carried = next
        switch body {
        case .data(let data), .uploadData(let data):
            carried.httpBody = data
        case .spilled(let copy):
            guard let data = try? copy.load() else { return next }
            carried.httpBody = data
        case .none:
            carried.httpBody = Data()
        case .stream, .file, .fromDelegate:
            return next
        }
        return carried
    }
}
