import Foundation

/// Why the interceptor could not install itself or carry a request.
public enum InterceptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An upload task's body is invisible to a URLProtocol on this platform, so
    /// forwarding it would send an empty body.
    case uploadBodyNotVisible(url: String)
    /// Download tasks cannot go through a URLProtocol on this platform.
    case downloadTaskNotSupported(url: String)
    /// Every interception slot is in use; uninstall rewriters you no longer need.
    case tooManyInstallations(limit: Int)
    /// `URLSession.shared` already existed when the interceptor was registered, so
    /// it will never consult the interceptor (swift-corelibs-foundation).
    case sharedSessionAlreadyCreated
    /// A rewritten request's URL is not one URLSession can load.
    case invalidRewrittenURL(String)

    /// A sentence saying what happened and what to do.
    public var description: String {
        switch self {
        case .uploadBodyNotVisible(let url):
            "the body of an upload task to \(url) is not visible to a URLProtocol on this platform; "
                + "send it with a data task and URLRequest.httpBody or httpBodyStream instead"
        case .downloadTaskNotSupported(let url):
            "download tasks cannot be intercepted on this platform (\(url)); use a data task"
        case .tooManyInstallations(let limit):
            "all \(limit) interception slots are in use; call uninstall() on rewriters you no longer need"
        case .sharedSessionAlreadyCreated:
            "URLSession.shared was created before the interceptor was registered, so it will not use it; "
                + "call installForSharedSession() at app start-up, before any URLSession is made, "
                + "or install into a URLSessionConfiguration instead"
        case .invalidRewrittenURL(let url):
            "the rewritten URL '\(url)' cannot be loaded"
        }
    }
}

extension InterceptionError: LocalizedError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}
