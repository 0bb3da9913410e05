/// What the pipeline made of one response: the response the app gets, and the trace of
/// the whole exchange (the request phase's entries, then the response phase's).
public struct ResponseOutcome: Sendable {
    /// The response after every response action ran.
    public let response: HTTPResponse
    /// What happened, step by step, in both phases.
    public let trace: Trace
}
