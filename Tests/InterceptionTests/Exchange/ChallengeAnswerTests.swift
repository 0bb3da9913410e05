import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import Testing

/// What the inner session does with the app's answer to a challenge (corelibs, where the
/// exchange carries it out itself).
@Suite struct ChallengeAnswerTests {
    static let given = URLCredential(user: "app", password: "given", persistence: .none)
    static let proposed = URLCredential(user: "app", password: "proposed", persistence: .none)

    @Test("a credential is used; default handling uses the proposed one once, else leaves the 401 final; reject and cancel cancel")
    func carriedOut() {
        let cases: [(ChallengeAnswer, URLCredential?, Int, URLSession.AuthChallengeDisposition, String?, Bool)] = [
            (ChallengeAnswer(.useCredential, Self.given), nil, 0, .useCredential, "given", false),
            (ChallengeAnswer(.useCredential, Self.given), Self.proposed, 3, .useCredential, "given", false),
            (ChallengeAnswer(.performDefaultHandling), Self.proposed, 0, .useCredential, "proposed", false),
            (ChallengeAnswer(.performDefaultHandling), Self.proposed, 1, .cancelAuthenticationChallenge, nil, true),
            (ChallengeAnswer(.performDefaultHandling), nil, 0, .cancelAuthenticationChallenge, nil, true),
            (ChallengeAnswer(.useCredential), nil, 0, .cancelAuthenticationChallenge, nil, true),
            (ChallengeAnswer(.rejectProtectionSpace), Self.proposed, 0, .cancelAuthenticationChallenge, nil, false),
            (ChallengeAnswer(.cancelAuthenticationChallenge), Self.proposed, 0, .cancelAuthenticationChallenge, nil, false),
        ]
        for (answer, proposed, failures, disposition, password, unanswered) in cases {
            let carried = answer.carriedOut(proposed: proposed, previousFailureCount: failures)
            #expect(carried.answer.disposition == disposition, "\(answer.disposition.rawValue) after \(failures) failures")
            #expect(carried.answer.credential?.password == password)
            #expect(carried.unanswered == unanswered)
        }
    }
}
