/// The error of a `fail` clause.
struct FailError: Sendable, Hashable {
    /// The network errors a rule can fake.
    enum Kind: Sendable, Hashable {
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
        /// `network-lost`: the connection was lost mid-transfer.
        case networkLost
        /// `code N [domain "D"]`: a `URLError` code such as `-1009`, or a code of the
        /// app's own error domain.
        case code(Int, domain: String?)
    }

    /// The named errors, for suggestions.
    static let names = ["offline", "timeout", "cancelled", "refused", "dns", "network-lost", "code"]

    /// Which error.
    let kind: Kind
    /// `message "TEXT"`: the error's localized description, if given.
    let message: String?
    /// The error's words (`offline`, `code -1009 domain "D" message "M"`).
    let range: SourceRange

    /// Creates a fail error.
    init(kind: Kind, message: String? = nil, range: SourceRange) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}
