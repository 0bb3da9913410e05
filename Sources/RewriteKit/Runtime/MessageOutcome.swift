/// What the `response each message` blocks of the applied rules made of one message of a
/// streaming response.
struct MessageOutcome: Sendable {
    /// The message's bytes as they go on (the bytes it came as when nothing changed it);
    /// nil when a block dropped it.
    let bytes: [UInt8]?
    /// How long it is held back before it goes on (and every message after it), in seconds.
    let delay: Double
    /// What happened to this message, step by step (its own entries only: a stream of a
    /// hundred thousand messages keeps no growing trace).
    let trace: Trace
}
