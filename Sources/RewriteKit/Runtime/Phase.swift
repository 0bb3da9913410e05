/// When an action runs: on the request before it is sent, or on the response before the app sees it.
public enum Phase: String, Sendable, Hashable {
    /// The outgoing request.
    case request
    /// The incoming response (or a `respond` stub).
    case response
}
