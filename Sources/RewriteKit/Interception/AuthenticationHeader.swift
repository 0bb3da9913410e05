import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What swift-corelibs-foundation makes of a 401's `WWW-Authenticate` header.
///
/// corelibs raises an authentication challenge in its URLProtocol client for any 401
/// whose first `WWW-Authenticate` challenge is Basic or Digest, whatever protocol loaded
/// it. Its retry then goes to the network outside the interceptor, or, without a
/// credential, never completes (corelibs 6.3.1). So the interceptor answers such
/// challenges itself (with the app's delegate) and never hands the client a 401 that
/// would raise one again.
enum AuthenticationHeader {
    /// The header's name.
    static let name = "WWW-Authenticate"
    /// The name it is given on a 401 delivered to the app after its challenge went
    /// unanswered, so the client does not raise the challenge a second time.
    static let deliveredName = "X-RewriteKit-WWW-Authenticate"

    /// `head` as delivered after its challenge went unanswered: its `WWW-Authenticate`
    /// under ``deliveredName``.
    static func renamed(in head: HTTPResponse) -> HTTPResponse {
        guard let value = head.headers[name] else { return head }
        var head = head
        head.headers.remove(name)
        head.headers.add(deliveredName, value)
        return head
    }
}
