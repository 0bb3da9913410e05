import Foundation

/// A body streamed to the app, on its way: the exchange's driver owns it beside the state
/// machine, since its parts keep timers and queues of their own.
struct Outflow {
    /// Runs `response each message` blocks on the stream's messages, when it has any.
    var relay: MessageRelay?
    /// Releases the body at the `throttle` rate.
    var pacer: BodyPacer?
    /// Notes when each message of a streaming network response arrives, for a running capture.
    var timing: MessageTiming?
    /// The pieces of a streamed stub kept for a caller that takes the body whole.
    var keptWhole = Data()
}
