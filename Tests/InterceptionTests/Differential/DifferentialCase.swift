import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// How the app makes the request and receives the answer.
enum CallerMode: String, Sendable, CaseIterable {
    /// `dataTask(with:completionHandler:)`.
    case completionHandler
    /// `data(for:)`.
    case async
    /// `dataTask(with:)` on a session whose delegate receives everything.
    case delegate
    /// `uploadTask(with:from:)`, delegate.
    case uploadData
    /// `uploadTask(with:fromFile:completionHandler:)`.
    case uploadFile
    /// `uploadTask(withStreamedRequest:)`, the delegate gives the stream.
    case uploadStream
    /// `dataTask(with:completionHandler:)` with `httpBodyStream`.
    case dataStream
    /// `downloadTask(with:completionHandler:)`.
    case download
    /// `dataTask(with:completionHandler:)` with an `httpBodyStream` that fails two thirds in.
    case failingStream
    /// `data(for:delegate:)`: a delegate for this call only, on a session without one.
    case asyncDelegate
    /// `upload(for:from:delegate:)`.
    case asyncUploadDelegate
    /// `upload(for:fromFile:delegate:)`.
    case asyncUploadFileDelegate
    /// `download(for:delegate:)`.
    case asyncDownloadDelegate

    /// Whether the delegate is given to one call rather than to the session.
    var hasPerCallDelegate: Bool {
        [.asyncDelegate, .asyncUploadDelegate, .asyncUploadFileDelegate, .asyncDownloadDelegate].contains(self)
    }
}

/// One row of the differential table: a request, how the app makes it and answers its
/// delegate callbacks, and, where the platform forces a difference, what it is and why.
struct DifferentialCase: Sendable, CustomTestStringConvertible {
    var name: String
    var method = "GET"
    var path: String
    var body: Data?
    var headers: [String: String] = [:]
    var caller: CallerMode
    var script: DelegateScript?
    /// The session's `timeoutIntervalForRequest`.
    var timeout: TimeInterval = 60
    /// Cookies put in the configuration's storage for 127.0.0.1 before the request.
    var cookies: [(String, String)] = []
    /// How the app set up its session's configuration, beyond the timeout and cookies.
    var settings: SessionSettings = .standard
    /// How long to wait before calling the request hung.
    var deadline: TimeInterval = 30
    /// A difference the platform forces, with its reason; nil when the two must match exactly.
    var knownDifference: KnownDifference?
    /// Whether the intercepted side also has a response rule that reads the body (and
    /// changes nothing), so the body is kept for the rules instead of streamed.
    var keepsBodyForRules = false
    /// Whether the intercepted side also has a request rule that reads the body (and
    /// changes nothing), so the body is loaded instead of passed on as the app gave it.
    var readsRequestBody = false
    /// Bytes a ``ScriptedServer`` answers with, instead of the loopback server's route for
    /// `path`: a response no well-behaved server sends.
    var rawResponse: String?

    var testDescription: String {
        "\(name) · \(caller.rawValue)" + (script.map { " · \($0)" } ?? "") + (settings == .standard ? "" : " · \(settings.rawValue)")
    }
}

/// A session configuration an app may use, applied to both sides alike: the installation
/// reads it at the first request and must honour it as a plain session does.
enum SessionSettings: String, Sendable {
    /// `.ephemeral` as it comes.
    case standard
    /// `httpShouldSetCookies = false`: stored cookies are not sent.
    case cookiesNotSent
    /// `httpCookieAcceptPolicy = .never`: cookies a response sets are not stored.
    case cookiesNeverAccepted
    /// `httpAdditionalHeaders` that replace the transport's own `User-Agent`, `Accept`,
    /// `Accept-Language` and `Accept-Encoding`, and add one of the app's.
    case additionalHeaders

    func apply(to configuration: URLSessionConfiguration) {
        switch self {
        case .standard:
            break
        case .cookiesNotSent:
            configuration.httpShouldSetCookies = false
        case .cookiesNeverAccepted:
            configuration.httpCookieAcceptPolicy = .never
        case .additionalHeaders:
            configuration.httpAdditionalHeaders = [
                "User-Agent": "Settings/1.0", "Accept": "application/x-settings", "Accept-Language": "de",
                "Accept-Encoding": "identity", "X-App-Build": "42",
            ]
        }
    }
}

/// A difference between a plain session and an intercepted one that the platform
/// forces, documented in the platform notes, and checked as precisely as the match.
final class KnownDifference: Sendable {
    /// Why, as the platform notes say it.
    let reason: String
    /// The problems with the pair, if the difference is not exactly the expected one.
    let check: @Sendable (_ plain: AppObservation, _ intercepted: AppObservation) -> [String]

    init(reason: String, check: @escaping @Sendable (_ plain: AppObservation, _ intercepted: AppObservation) -> [String]) {
        self.reason = reason
        self.check = check
    }
}

extension DifferentialCase {
    static let json = Data(#"{"user":{"id":42,"name":"Ada"},"items":[1,2,3]}"#.utf8)
    static let upload = Data((0..<3000).map { UInt8($0 % 251) })

    /// Every case.
    static let all: [DifferentialCase] = responses + failures + redirects + authentication + cookies + uploads + bodiesKeptForRules
        + hostileResponses + requestShapes

    private static let readers: [CallerMode] = [.completionHandler, .async, .delegate, .asyncDelegate]

    /// Responses of every shape, through each way of reading them.
    static let responses: [DifferentialCase] = readers.flatMap { caller in
        [
            DifferentialCase(name: "GET /get", path: "/get", caller: caller),
            DifferentialCase(name: "HEAD with Content-Length 1000", method: "HEAD", path: "/bytes/1000", caller: caller),
            DifferentialCase(name: "204 No Content", path: "/status/204", caller: caller),
            DifferentialCase(name: "304 Not Modified", path: "/status/304", caller: caller),
            DifferentialCase(name: "empty body", path: "/bytes/0", caller: caller),
            DifferentialCase(name: "2 MB body", path: "/bytes/2000000?seed=5", caller: caller),
            DifferentialCase(name: "500 with a body", path: "/status/500", caller: caller),
            DifferentialCase(name: "503 with a body", path: "/status/503", caller: caller),
            DifferentialCase(name: "gzip", path: "/gzip", caller: caller),
            DifferentialCase(name: "deflate", path: "/deflate", caller: caller),
            DifferentialCase(name: "chunked 300 KB", path: "/stream-bytes/300000?chunk_size=4096&seed=2", caller: caller),
            DifferentialCase(name: "slow drip", path: "/drip?numbytes=40&duration=0.4&delay=0", caller: caller),
            DifferentialCase(name: "POST JSON", method: "POST", path: "/post", body: json, headers: ["Content-Type": "application/json"], caller: caller),
            // Methods are case-sensitive (RFC 9110, section 9.1): corelibs upper-cases only
            // GET, HEAD, POST, PUT, DELETE and CONNECT, and sends any other as written.
            DifferentialCase(name: "custom method in lower case", method: "purge", path: "/anything", caller: caller),
            DifferentialCase(
                name: "PATCH written in lower case, with a body", method: "patch", path: "/anything", body: json,
                headers: ["Content-Type": "application/json"], caller: caller),
            DifferentialCase(
                name: "POST after 100 Continue", method: "POST", path: "/post", body: upload,
                headers: ["Expect": "100-continue", "Content-Type": "application/octet-stream"], caller: caller),
            DifferentialCase(name: "repeated response headers", path: "/response-headers?X-A=1&X-A=2&Set-Cookie=a%3D1&Set-Cookie=b%3D2", caller: caller),
            DifferentialCase(name: "407 with Proxy-Authenticate", path: "/status/407", caller: caller),
            DifferentialCase(name: "401 with a Bearer challenge", path: "/bearer", caller: caller),
        ]
    }

    /// Bodies the interceptor keeps whole for a response rule that reads them, arriving
    /// whole, compressed, or broken off mid-body (the rule never runs on a partial body).
    static let bodiesKeptForRules: [DifferentialCase] = readers.flatMap { caller in
        [
            DifferentialCase(name: "chunked 300 KB, kept for a rule", path: "/stream-bytes/300000?chunk_size=4096&seed=3", caller: caller, keepsBodyForRules: true),
            DifferentialCase(name: "gzip, kept for a rule", path: "/gzip", caller: caller, keepsBodyForRules: true),
            DifferentialCase(name: "connection drops mid-body, kept for a rule", path: "/drop?length=1000&after=100", caller: caller, keepsBodyForRules: true),
        ]
    }

    /// Responses a hostile or broken server sends, from a scripted server, through every
    /// reader, with and without a rule that keeps the body whole (found by generating
    /// malformed responses against a plain and an intercepted session).
    static let hostileResponses: [DifferentialCase] = {
        let responses: [(name: String, bytes: String, unfollowableRedirect: Bool)] = [
            ("301 without a Location", "HTTP/1.1 301 Moved\r\nContent-Length: 5\r\n\r\nhello", true),
            ("302 with a Location that is no URL", "HTTP/1.1 302 Found\r\nLocation: http://[bad\r\nContent-Length: 5\r\n\r\nhello", true),
            ("100 Continue, then a 303 without a Location",
             "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 303 See Other\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", true),
            ("100 Continue, then a 200", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", false),
            ("a 100 as the only response, its chunked body cut off",
             "HTTP/1.1 100 OK\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + String(repeating: "x", count: 300), false),
            ("Content-Length longer than the body", "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nshort", false),
            ("a chunk size that is no number", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\nmore\r\n0\r\n\r\n", false),
            ("gzip that is not gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 15\r\n\r\nnot gzip at all", false),
        ]
        return readers.flatMap { caller in
            responses.flatMap { response in
                [false, true].map { keepsBody in
                    let heard = response.unfollowableRedirect && [.delegate, .asyncDelegate].contains(caller)
                    return DifferentialCase(
                        name: response.name + (keepsBody ? ", kept for a rule" : ""), path: "/hostile", caller: caller,
                        knownDifference: heard ? .onCorelibs(.unfollowableRedirectHeard) : nil, keepsBodyForRules: keepsBody,
                        rawResponse: response.bytes)
                }
            }
        }
    }()

    /// Broken connections, refused connections and timeouts.
    static let failures: [DifferentialCase] = readers.flatMap { caller in
        [
            DifferentialCase(name: "connection drops mid-body", path: "/drop?length=1000&after=100", caller: caller),
            DifferentialCase(name: "connection closes without an answer", path: "/hang-up", caller: caller),
            DifferentialCase(name: "times out", path: "/delay/5", caller: caller, timeout: 1),
        ]
    }

    /// Redirect chains and each 3xx, followed, refused and changed by the app's delegate.
    static let redirects: [DifferentialCase] = {
        var cases: [DifferentialCase] = []
        let followers: [(CallerMode, DelegateScript?)] = [
            (.completionHandler, nil), (.async, nil), (.delegate, DelegateScript()), (.completionHandler, DelegateScript()),
        ]
        for (caller, script) in followers {
            cases.append(DifferentialCase(name: "redirect chain of 3", path: "/redirect/3", caller: caller, script: script))
            cases.append(DifferentialCase(name: "21 redirects, one too many", path: "/redirect/21", caller: caller, script: script))
            cases.append(DifferentialCase(name: "absolute redirect", path: "/absolute-redirect/1", caller: caller, script: script))
            for status in [301, 302, 303, 307, 308] {
                cases.append(DifferentialCase(
                    name: "POST then \(status)", method: "POST", path: "/redirect-to?url=/anything/next&status_code=\(status)",
                    body: json, headers: ["Content-Type": "application/json"], caller: caller, script: script))
            }
            // Without a Content-Type of its own: the one a session adds to a POST's body.
            cases.append(DifferentialCase(
                name: "POST without a Content-Type then 307", method: "POST", path: "/redirect-to?url=/anything/next&status_code=307",
                body: json, caller: caller, script: script))
        }
        for caller in [CallerMode.delegate, .completionHandler, .async] {
            var refuse = DelegateScript()
            refuse.redirect = .refuse
            var change = DelegateScript()
            change.redirect = .change(to: "/anything/changed")
            cases.append(DifferentialCase(
                name: "302 refused by the delegate", path: "/redirect/2", caller: caller, script: refuse,
                knownDifference: caller == .delegate ? nil : .onCorelibs(.refusedRedirectBody)))
            cases.append(DifferentialCase(name: "redirect changed by the delegate", path: "/redirect/2", caller: caller, script: change))
        }
        // A 3xx without a Location cannot be followed: the task ends with it. The second
        // comes after an interim `100 Continue` (the server answers the request's Expect).
        for caller in readers {
            let heard: KnownDifference? = [.delegate, .asyncDelegate].contains(caller) ? .onCorelibs(.unfollowableRedirectHeard) : nil
            cases.append(DifferentialCase(name: "302 without a Location", path: "/status/302", caller: caller, knownDifference: heard))
            cases.append(DifferentialCase(
                name: "307 without a Location after 100 Continue", method: "POST", path: "/status/307", body: upload,
                headers: ["Expect": "100-continue", "Content-Type": "application/octet-stream"], caller: caller, knownDifference: heard))
        }
        return cases
    }()

    /// Basic authentication answered every way, and left unanswered.
    static let authentication: [DifferentialCase] = {
        var cases: [DifferentialCase] = []
        let answers: [(String, DelegateScript.Challenge, KnownDifference?)] = [
            ("right credential", .credential(user: "user", password: "passwd"), nil),
            ("wrong credential, then cancel", .credential(user: "user", password: "wrong"), nil),
            ("default handling without a credential", .defaultHandling, .onCorelibs(.unansweredChallengeCompletes)),
            ("rejected", .reject, nil),
            ("cancelled", .cancel, nil),
        ]
        for caller in [CallerMode.delegate, .completionHandler, .async] {
            for (name, answer, difference) in answers {
                var script = DelegateScript()
                script.challenge = answer
                var testCase = DifferentialCase(name: "Basic auth, \(name)", path: "/basic-auth/user/passwd", caller: caller, script: script, knownDifference: difference)
                if difference === KnownDifference.unansweredChallengeCompletes { testCase.deadline = 10 }
                cases.append(testCase)
            }
        }
        for caller in [CallerMode.completionHandler, .async] {
            cases.append(DifferentialCase(
                name: "Basic auth, no delegate", path: "/basic-auth/user/passwd", caller: caller, deadline: 10,
                knownDifference: .onCorelibs(.unansweredChallengeCompletes)))
        }
        return cases
    }()

    /// Cookies from the configuration's storage, and the server setting some.
    static let cookies: [DifferentialCase] = readers.flatMap { caller in
        [
            DifferentialCase(name: "cookie from the storage", path: "/cookies", caller: caller, cookies: [("session", "abc123")]),
            DifferentialCase(name: "server sets a cookie and redirects", path: "/cookies/set?flavour=oat", caller: caller),
            // The redirect carries the stored cookies as they are after the 3xx, not the
            // first request's `Cookie` header.
            DifferentialCase(
                name: "server sets a cookie and redirects, another one stored", path: "/cookies/set?flavour=oat", caller: caller,
                cookies: [("session", "abc123")]),
            // The app's configuration, read by the installation: what it says about cookies
            // and default headers holds for the forwarded request and its redirects.
            DifferentialCase(
                name: "stored cookie, configuration sends none", path: "/cookies", caller: caller, cookies: [("session", "abc123")],
                settings: .cookiesNotSent),
            DifferentialCase(
                name: "server sets a cookie, configuration accepts none", path: "/cookies/set?flavour=oat", caller: caller,
                settings: .cookiesNeverAccepted),
            DifferentialCase(
                name: "configuration's headers replace the defaults", path: "/anything", caller: caller, settings: .additionalHeaders),
            DifferentialCase(
                name: "configuration's headers, the request's own win", path: "/anything",
                headers: ["User-Agent": "Request/2.0", "x-app-build": "43"], caller: caller, settings: .additionalHeaders),
        ]
    }

    /// Requests an app may well send, in shapes a rule never looks at: each must reach the
    /// server as a plain session sends it (`/anything` echoes method, URL and headers).
    static let requestShapes: [DifferentialCase] = {
        let long = String(repeating: "v", count: 8_000)
        let many = Dictionary(uniqueKeysWithValues: (0..<150).map { ("X-Header-\($0)", "\($0)") })
        let headerShapes: [(String, [String: String])] = [
            ("an empty header value", ["X-Empty": ""]),
            ("a header value with spaces around it", ["X-Space": "  padded  "]),
            ("a UTF-8 header value", ["X-Text": "café ☕"]),
            ("an 8,000-byte header value", ["X-Long": long]),
            ("150 headers", many),
            ("the app's own User-Agent and Accept-Encoding", ["User-Agent": "App/2.0", "Accept-Encoding": "identity"]),
            ("a Range header", ["Range": "bytes=0-9"]),
            ("a header name with an underscore", ["X_Under": "1"]),
        ]
        let targets = [
            "/anything?", "/anything?a=1&a=2&b", "/anything?q=a+b%20c&u=%E2%82%AC", "/anything/%2F/x", "/anything//double",
            "/anything/a/../b", "/anything;param=1", "/anything/%25?semi=a;b", "/anything#fragment",
        ]
        return headerShapes.map { DifferentialCase(name: $0.0, path: "/anything", headers: $0.1, caller: .completionHandler) }
            + targets.map { DifferentialCase(name: "target \($0)", path: $0, caller: .completionHandler) }
            + ["OPTIONS", "TRACE", "M-SEARCH", "delete"].map {
                DifferentialCase(name: "method \($0) with a body", method: $0, path: "/anything", body: json, caller: .completionHandler)
            }
    }()

    /// Every upload form, and a download.
    static let uploads: [DifferentialCase] = [
        DifferentialCase(name: "upload from data", method: "POST", path: "/post", body: upload, caller: .uploadData),
        // corelibs fails a GET that carries a body, and an upload task's body counts even empty.
        DifferentialCase(name: "upload of no bytes, POST", method: "POST", path: "/post", body: Data(), caller: .uploadData),
        DifferentialCase(name: "upload of no bytes, GET", method: "GET", path: "/get", body: Data(), caller: .uploadData),
        DifferentialCase(name: "upload from a file", method: "POST", path: "/post", body: upload, caller: .uploadFile),
        DifferentialCase(name: "upload from a stream", method: "POST", path: "/post", body: upload, caller: .uploadStream),
        // `/echo`, not `/post`: the interceptor sends a stream with its length, where
        // corelibs sends it chunked, and `/post` would echo that framing (see StreamBodyTests).
        DifferentialCase(name: "data task with a body stream", method: "POST", path: "/echo", body: upload, caller: .dataStream),
        // `/echo` answers with the request's Content-Type, which a POST's stream gets even empty.
        DifferentialCase(name: "data task with an empty body stream", method: "POST", path: "/echo", body: Data(), caller: .dataStream),
        DifferentialCase(name: "download", path: "/bytes/5000?seed=9", caller: .download),
        // A body a rule reads goes on as the same kind of upload: no default Content-Type,
        // and a GET carrying one fails as corelibs fails it.
        DifferentialCase(name: "upload from a file, read by a rule", method: "POST", path: "/post", body: upload, caller: .uploadFile, readsRequestBody: true),
        DifferentialCase(name: "upload of an empty file, GET, read by a rule", method: "GET", path: "/get", body: Data(), caller: .uploadFile, readsRequestBody: true),
        DifferentialCase(name: "upload from data, read by a rule", method: "POST", path: "/post", body: upload, caller: .uploadData, readsRequestBody: true),
        DifferentialCase(name: "data task with a body stream, read by a rule", method: "POST", path: "/echo", body: upload, caller: .dataStream, readsRequestBody: true),
        DifferentialCase(name: "body stream fails after 2,000 of 3,000 bytes", method: "POST", path: "/post", body: upload, caller: .failingStream),
        DifferentialCase(name: "upload from data", method: "POST", path: "/post", body: upload, caller: .asyncUploadDelegate),
        DifferentialCase(name: "upload from a file", method: "POST", path: "/post", body: upload, caller: .asyncUploadFileDelegate),
        DifferentialCase(name: "download", path: "/bytes/5000?seed=9", caller: .asyncDownloadDelegate),
    ]
}
