/// The header and query parameter names whose values are secrets: redacted in activity
/// events, HAR exports and recordings unless the app opts in.
struct SecretNames: Sendable, Hashable {
    /// What stands for a secret.
    static let placeholder = "<redacted>"

    /// Header names, lower case.
    private(set) var headers: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
    /// Query parameter names, lower case; a parameter is a secret when its name ends with one
    /// of them (`x_api_key`, `goog_sig`, `sessionId`).
    private(set) var queries: Set<String> = [
        "token", "access_token", "id_token", "refresh_token", "api_key", "apikey", "key", "sig", "signature", "secret",
        "client_secret", "password", "passwd", "auth", "session", "sessionid", "code",
    ]

    /// The default names.
    init() {}

    /// The given names, compared case-insensitively.
    init(headers: Set<String>, queries: Set<String>) {
        self.headers = Set(headers.map(ASCIICase.lowercased))
        self.queries = Set(queries.map { $0.lowercased() })
    }

    /// Whether a header's value is a secret.
    func isSecretHeader(_ name: String) -> Bool { headers.contains(ASCIICase.lowercased(name)) }

    /// Whether a query parameter's value is a secret: its name, compared case-insensitively,
    /// is one of ``queries`` or ends with one.
    func isSecretQuery(_ name: String) -> Bool {
        let lower = name.lowercased()
        return queries.contains(lower) || queries.contains { lower.hasSuffix($0) }
    }

    /// A secret header's field with its value replaced; any other field as it is.
    func redacted(_ field: HTTPHeaders.Field) -> HTTPHeaders.Field {
        isSecretHeader(field.name) ? HTTPHeaders.Field(name: field.name, value: Self.placeholder) : field
    }
}
