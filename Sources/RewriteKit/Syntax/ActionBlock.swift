/// The phase an action block runs in.
public enum Phase: String, Sendable, Hashable {
    /// On the outgoing request.
    case request
    /// On the incoming response.
    case response
}

/// A `{ ... }` block of actions belonging to `request` or `response`.
public struct ActionBlock: Sendable, Hashable {
    /// Which phase the actions run in.
    public let phase: Phase
    /// The actions, in order.
    public let actions: [Action]
    /// From `{` to `}`.
    public let range: SourceRange

    /// Creates an action block.
    public init(phase: Phase, actions: [Action], range: SourceRange) {
        self.phase = phase
        self.actions = actions
        self.range = range
    }
}
