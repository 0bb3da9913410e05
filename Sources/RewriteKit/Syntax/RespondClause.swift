/// `respond STATUS { header NAME VALUE ... body ... }`: a made-up response.
public struct RespondClause: Sendable, Hashable {
    /// One `header NAME VALUE` line.
    public struct Header: Sendable, Hashable {
        /// The header's name.
        public let name: Template
        /// The header's value.
        public let value: Value
        /// The whole line.
        public let range: SourceRange

        /// Creates a header line.
        public init(name: Template, value: Value, range: SourceRange) {
            self.name = name
            self.value = value
            self.range = range
        }
    }

    /// The HTTP status code.
    public let status: Int
    /// Where the status code is.
    public let statusRange: SourceRange
    /// The headers, in order.
    public let headers: [Header]
    /// The body, if one is given (the last `body` line wins; the checker reports repeats).
    public let body: Body?
    /// From `respond` to the closing `}` (or the status code).
    public let range: SourceRange

    /// Creates a respond clause.
    public init(status: Int, statusRange: SourceRange, headers: [Header], body: Body?, range: SourceRange) {
        self.status = status
        self.statusRange = statusRange
        self.headers = headers
        self.body = body
        self.range = range
    }
}
