import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers a challenge forwarded to the app: whatever the app's delegate decides reaches
/// the inner task's completion handler, once.
///
/// Used on Apple platforms, where the client takes the challenge and answers through the
/// challenge's sender (as in Apple's CustomHTTPProtocol). It compiles on both platforms, so
/// the Linux tests check each answer.
final class ChallengeSender: NSObject, URLAuthenticationChallengeSender, @unchecked Sendable {
    private let answer = Locked<(@Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)?>(nil)

    init(_ completion: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        answer.withLock { $0 = completion }
    }

    private func reply(_ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential?) {
        let completion = answer.withLock { stored -> (@Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)? in
            defer { stored = nil }
            return stored
        }
        completion?(disposition, credential)
    }

    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {
        reply(.useCredential, credential)
    }

    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {
        reply(.useCredential, nil)
    }

    func cancel(_ challenge: URLAuthenticationChallenge) {
        reply(.cancelAuthenticationChallenge, nil)
    }

    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {
        reply(.performDefaultHandling, nil)
    }

    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {
        reply(.rejectProtectionSpace, nil)
    }
}
