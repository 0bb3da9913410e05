/// The error of a `fail` clause.
public struct FailError: Sendable, Hashable {
    /// The network errors a rule can fake.
    public enum Kind: Sendable, Hashable {
        /// `offline`: not connected to the internet.
        case offline
        /// `timeout`: the request timed out.
        case timeout
        /// `cancelled`.
        case cancelled
        /// `refused`: the connection was refused.
        case refused
        /// `dns`: the host name could not be resolved.
        case dns
        /// `code N`: a `URLError` code such as `-1009`.
        case code(Int)
    }

    /// The named errors, for suggestions.
    public static let names = ["offline", "timeout", "cancelled", "refused", "dns", "code"]

    /// Which error.
    public let kind: Kind
    /// The error's words (`offline`, `code -1009`).
    public let range: SourceRange

    /// Creates a fail error.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
