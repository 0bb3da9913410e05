import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why the interceptor could not install itself, or why it failed a request itself.
///
/// Requests never fail with this type directly: a request the interceptor has to fail
/// gets a `URLError` (the code URLSession would use) whose underlying error
/// (`NSUnderlyingErrorKey`) is one of these, so apps that handle `URLError` keep working.
public enum InterceptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `URLSession.shared` already existed when the interceptor was registered, so it
    /// will never consult the interceptor (swift-corelibs-foundation).
    case sharedSessionAlreadyCreated
    /// ``Rewriter/install(in:)`` was given a background configuration: Apple platforms run
    /// background sessions in a system process that never consults an app's URL protocols,
    /// so the rules could never apply.
    case backgroundConfiguration(identifier: String)
    /// A rule rewrote the request's URL into one URLSession cannot load.
    case invalidRewrittenURL(String)
    /// The request body could not be read to the end (a stream failed or a file vanished).
    case unreadableRequestBody(String)
    /// The platform cannot carry this kind of task through the rules (a download task on
    /// Linux, an upload task on Apple platforms), and a rule that might apply routes it,
    /// answers it, or changes a body or status, so the request was not sent rather than
    /// sent where the rule meant it never to go.
    case taskCannotBeCarried(task: String, platform: String, rule: RuleReference)
    /// On Linux, a fact the interceptor reads from swift-corelibs-foundation's internals
    /// (named in `fact`) cannot be read on this toolchain, this task needs it, and a rule
    /// that might apply routes it, answers it, or changes a body or status: the request was
    /// not sent rather than carried wrongly or sent past the rule (see Platform Notes).
    case corelibsFactMissing(fact: String, rule: RuleReference)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .sharedSessionAlreadyCreated:
            "URLSession.shared was created before the interceptor was registered, so it will not use it; "
                + "call installForSharedSession() at app start-up, before any URLSession is made, "
                + "or install into a URLSessionConfiguration instead"
        case .backgroundConfiguration(let identifier):
            "the configuration '\(identifier)' is a background configuration, whose sessions never consult a URL protocol "
                + "(Apple runs their transfers in another process), so the rules could never apply; "
                + "install the rewriter in a default or ephemeral configuration"
        case .invalidRewrittenURL(let url):
            "the rewritten URL '\(url)' cannot be loaded"
        case .unreadableRequestBody(let reason):
            "the request body could not be read: \(reason)"
        case let .taskCannotBeCarried(task, platform, rule):
            "\(task) tasks cannot be carried through the rules on \(platform), and rule \(rule) would route, answer "
                + "or change this request; it was not sent. Use a data task for requests such rules are about"
        case let .corelibsFactMissing(fact, rule):
            "this toolchain's swift-corelibs-foundation has no readable \(fact), which RewriteKit needs to carry this "
                + "task through the rules, and rule \(rule) would route, answer or change this request; it was not sent. "
                + "Use a toolchain RewriteKit supports, or report it"
        }
    }

    /// The `URLError` a request fails with for this reason.
    var urlError: URLError {
        let code: URLError.Code = switch self {
        case .sharedSessionAlreadyCreated, .backgroundConfiguration: .unsupportedURL
        case .invalidRewrittenURL: .badURL
        case .unreadableRequestBody: .unknown
        case .taskCannotBeCarried, .corelibsFactMissing: .unsupportedURL
        }
        return URLError(code, userInfo: [NSLocalizedDescriptionKey: description, NSUnderlyingErrorKey: self])
    }
}

extension InterceptionError: LocalizedError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension URLError {
    /// The interceptor's own reason, when the interceptor failed the request itself.
    var underlyingInterceptionError: InterceptionError? {
        userInfo[NSUnderlyingErrorKey] as? InterceptionError
    }
}
