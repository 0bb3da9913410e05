/// `respond STATUS { header NAME VALUE ... body ... }`: a made-up response.
struct RespondClause: Sendable, Hashable {
    /// One `header NAME VALUE` line.
    struct Header: Sendable, Hashable {
        /// The header's name.
        let name: Template
        /// The header's value.
        let value: Value
        /// The whole line.
        let range: SourceRange

        /// Creates a header line.
        init(name: Template, value: Value, range: SourceRange) {
            self.name = name
            self.value = value
            self.range = range
        }
    }

    /// The HTTP status code.
    let status: Int
    /// Where the status code is.
    let statusRange: SourceRange
    /// The headers, in order.
    let headers: [Header]
    /// The body, if one is given (the last `body` line wins; the checker reports repeats).
    let body: Body?
    /// The streamed body, if one is given (in place of `body`; the checker reports both).
    let stream: StreamClause?
    /// The WebSocket conversation, if one is given (`socket { … }`, with status 101).
    let socket: SocketClause?
    /// From `respond` to the closing `}` (or the status code).
    let range: SourceRange

    /// Creates a respond clause.
    init(
        status: Int, statusRange: SourceRange, headers: [Header], body: Body?, stream: StreamClause? = nil,
        socket: SocketClause? = nil, range: SourceRange
    ) {
        self.status = status
        self.statusRange = statusRange
        self.headers = headers
        self.body = body
        self.stream = stream
        self.socket = socket
        self.range = range
    }
}
