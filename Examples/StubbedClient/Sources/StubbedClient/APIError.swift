import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an ``APIClient`` call failed, in terms an app can show or act on.
public enum APIError: Error, Sendable, Equatable {
    /// The device has no connection (`URLError.notConnectedToInternet` and friends).
    case offline
    /// The request took longer than the session allows.
    case timedOut
    /// The server has no such resource (404).
    case notFound
    /// The server answered with another unexpected status.
    case unexpectedStatus(Int)
    /// The body was not the JSON the client expects.
    case invalidResponse
    /// Any other transport failure, with its `URLError` code.
    case transport(URLError.Code)

    /// Classifies an error thrown by `URLSession`.
    init(_ error: any Error) {
        guard let urlError = error as? URLError else {
            self = .transport(.unknown)
            return
        }
        switch urlError.code {
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed:
            self = .offline
        case .timedOut:
            self = .timedOut
        default:
            self = .transport(urlError.code)
        }
    }
}
