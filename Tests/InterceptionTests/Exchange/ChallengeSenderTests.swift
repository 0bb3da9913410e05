import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// The sender through which an app's answer to a forwarded challenge reaches the inner
/// task (Apple platforms forward challenges to the client; the sender is the same code
/// everywhere, so it is checked here).
@Suite("Challenge sender")
struct ChallengeSenderTests {
    typealias Answer = (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)

    /// A challenge carrying `sender`, and the answers the sender has passed on.
    func forwarded() -> (URLAuthenticationChallenge, Locked<[Answer]>) {
        let answers = Locked<[Answer]>([])
        let sender = ChallengeSender { disposition, credential in answers.withLock { $0.append((disposition, credential)) } }
        let space = URLProtectionSpace(host: "127.0.0.1", port: 80, protocol: "http", realm: "Fake Realm", authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil, sender: sender)
        return (challenge, answers)
    }

    @Test("each answer reaches the inner task as its disposition")
    func dispositions() throws {
        let credential = URLCredential(user: "user", password: "passwd", persistence: .none)
        let cases: [(String, (ChallengeSender, URLAuthenticationChallenge) -> Void, URLSession.AuthChallengeDisposition)] = [
            ("use", { $0.use(credential, for: $1) }, .useCredential),
            ("continue without", { $0.continueWithoutCredential(for: $1) }, .useCredential),
            ("cancel", { $0.cancel($1) }, .cancelAuthenticationChallenge),
            ("default", { $0.performDefaultHandling(for: $1) }, .performDefaultHandling),
            ("reject", { $0.rejectProtectionSpaceAndContinue(with: $1) }, .rejectProtectionSpace),
        ]
        for (name, act, expected) in cases {
            let (challenge, answers) = forwarded()
            let sender = try #require(challenge.sender as? ChallengeSender, "the challenge keeps its sender")
            act(sender, challenge)
            let got = answers.withLock { $0 }
            #expect(got.map(\.disposition) == [expected], "\(name)")
            #expect((got.first?.credential?.user == "user") == (name == "use"), "\(name)")
        }
    }

    @Test("only the first answer counts")
    func once() throws {
        let (challenge, answers) = forwarded()
        let sender = try #require(challenge.sender as? ChallengeSender)
        sender.cancel(challenge)
        sender.use(URLCredential(user: "late", password: "x", persistence: .none), for: challenge)
        #expect(answers.withLock { $0 }.map(\.disposition) == [.cancelAuthenticationChallenge])
    }
}
