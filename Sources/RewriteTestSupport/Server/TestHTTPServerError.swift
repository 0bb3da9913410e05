import Foundation

/// Why a ``TestHTTPServer`` could not start.
public enum TestHTTPServerError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// `socket(2)` failed; `errno` and its text are attached.
    case socketCreationFailed(errno: Int32, message: String)
    /// A socket option could not be set.
    case socketOptionFailed(option: String, errno: Int32, message: String)
    /// `bind(2)` to 127.0.0.1 on `port` failed (for example: address already in use).
    case bindFailed(port: UInt16, errno: Int32, message: String)
    /// `listen(2)` failed.
    case listenFailed(errno: Int32, message: String)
    /// The bound port could not be read back with `getsockname(2)`.
    case portLookupFailed(errno: Int32, message: String)
    /// The base URL for the bound port could not be formed.
    case invalidBaseURL(port: Int)

    /// A one-line, lower-case explanation of the failure.
    public var description: String {
        switch self {
        case let .socketCreationFailed(code, message):
            return "cannot create socket: \(message) (errno \(code))"
        case let .socketOptionFailed(option, code, message):
            return "cannot set socket option \(option): \(message) (errno \(code))"
        case let .bindFailed(port, code, message):
            return "cannot bind 127.0.0.1:\(port): \(message) (errno \(code))"
        case let .listenFailed(code, message):
            return "cannot listen on socket: \(message) (errno \(code))"
        case let .portLookupFailed(code, message):
            return "cannot read the bound port: \(message) (errno \(code))"
        case let .invalidBaseURL(port):
            return "cannot form a base URL for port \(port)"
        }
    }

    /// Same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
