/// What the pipeline did to one request and its response (placeholder; the compiler fills it in).
public struct Trace: Sendable, Hashable {
    /// Creates an empty trace.
    public init() {}
}
