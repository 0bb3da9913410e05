/// Where the answer to an intercepted request came from, in activity events
/// (``ActivityEvent/Completion/source``), captured exchanges and HAR exports.
public enum ResponseSource: String, Sendable, Hashable {
    /// The network, through the rewritten request.
    case network
    /// A `respond` stub.
    case stub
    /// The `cache` clause's memory.
    case cache
    /// A `fail` clause.
    case failure
}
