import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTask {
    /// Whether the whole body announced by `Content-Length` has arrived, so the task is
    /// about to complete by itself.
    var hasReceivedEverything: Bool {
        countOfBytesExpectedToReceive > 0 && countOfBytesReceived >= countOfBytesExpectedToReceive
    }

    /// Whether a response has come whose body is of unknown length (no `Content-Length`:
    /// an event stream, a chunked or a read-to-close body), so nothing tells when it ends.
    /// A response without a body (`HEAD`, 204, 304) is not. (corelibs does not count the
    /// bytes an inner task received: `countOfBytesReceived` stays 0.)
    var isOpenEnded: Bool {
        guard let http = response as? HTTPURLResponse, http.expectedContentLength < 0,
              http.statusCode != 204, http.statusCode != 304, currentRequest?.httpMethod != "HEAD"
        else { return false }
        return true
    }
}
