import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer to an authentication challenge: a disposition and, to use one, a credential.
struct ChallengeAnswer: @unchecked Sendable {
    let disposition: URLSession.AuthChallengeDisposition
    let credential: URLCredential?

    init(_ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential? = nil) {
        self.disposition = disposition
        self.credential = credential
    }

    /// Refuses the challenge; the inner task ends (its 401 is then the final response).
    static let cancel = ChallengeAnswer(.cancelAuthenticationChallenge)

    /// What the inner session does with the app's answer `self` (corelibs, where the
    /// exchange carries the answer out itself), and whether the app left the challenge
    /// unanswered, so the 401 becomes the final response.
    ///
    /// - A credential is used: the retry goes through the inner session (and the rules).
    /// - Default handling uses the proposed credential, once; without one the 401 becomes
    ///   the final response, as on Apple platforms and corelibs 6.3.2 (6.3.1 itself never
    ///   completes such a task).
    /// - Reject and cancel end the task as cancelled, as corelibs does for a plain load.
    func carriedOut(proposed: URLCredential?, previousFailureCount: Int) -> (answer: ChallengeAnswer, unanswered: Bool) {
        switch disposition {
        case .useCredential where credential != nil:
            return (self, false)
        case .useCredential, .performDefaultHandling:
            if let proposed, previousFailureCount == 0 { return (ChallengeAnswer(.useCredential, proposed), false) }
            return (.cancel, true)
        default:
            return (.cancel, false)
        }
    }
}
