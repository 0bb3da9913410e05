import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an exchange knows of the response its inner task is receiving.
struct Reception {
    /// The response as the network gave it.
    var network: HTTPURLResponse?
    /// The pipeline's view of the network response's head.
    var networkHead: HTTPResponse?
    /// Whether the body streams to the app chunk by chunk (else it is buffered and delivered whole).
    var isStreaming = false
    /// Whether the head has been given to the app.
    var headDelivered = false
    /// An interim (1xx) response given to the app as it came while the body is kept
    /// whole: not given again should it prove to be the final one.
    var interimSent: HTTPURLResponse?
    /// The buffered body (for whole delivery, or a held challenge response).
    var body = Data()
    /// A copy of a streamed body kept for the `cache` clause, while it fits the budget.
    var cacheCopy: Data?
    /// A copy of the network body for a running capture, while it fits the capture's limit.
    var captureCopy: Data?
    /// Set when a challenge went unanswered and we ended the inner task so the 401 becomes
    /// the final response (swift-corelibs-foundation; see ``Exchange/settle``).
    var endsWithUnansweredChallenge = false
    /// Releases a streamed body at the `throttle` rate.
    var pacer: BodyPacer?
    /// Runs `response each message` blocks on a streamed body's messages, when it has any.
    var relay: MessageRelay?
    /// Notes when each message of a streaming network response arrives, for a running capture.
    var timing: MessageTiming?
    /// The inner session's redirect callback, waiting for the app's decision and the
    /// next hop's request phase (swift-corelibs-foundation).
    var pendingRedirect: (@Sendable (URLRequest?) -> Void)?
}
