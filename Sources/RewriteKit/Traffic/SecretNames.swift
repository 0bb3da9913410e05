/// The header and query parameter names whose values are secrets: redacted in activity
/// events, HAR exports and recordings unless the app opts in.
struct SecretNames: Sendable, Hashable {
    /// What stands for a secret.
    static let placeholder = "<redacted>"

    /// Header names, lower case.
    private(set) var headers: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    /// Query parameter names, lower case.
    private(set) var queries: Set<String> = ["access_token", "api_key", "apikey", "client_secret", "password", "secret", "token"]

    /// The default names.
    init() {}

    /// The given names, compared case-insensitively.
    init(headers: Set<String>, queries: Set<String>) {
        self.headers = Set(headers.map(ASCIICase.lowercased))
        self.queries = Set(queries.map { $0.lowercased() })
    }

    /// Whether a header's value is a secret.
    func isSecretHeader(_ name: String) -> Bool { headers.contains(ASCIICase.lowercased(name)) }

    /// Whether a query parameter's value is a secret.
    func isSecretQuery(_ name: String) -> Bool { queries.contains(name.lowercased()) }

    /// A secret header's field with its value replaced; any other field as it is.
    func redacted(_ field: HTTPHeaders.Field) -> HTTPHeaders.Field {
        isSecretHeader(field.name) ? HTTPHeaders.Field(name: field.name, value: Self.placeholder) : field
    }

    /// `headers` with every secret value replaced.
    func redacted(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(fields: headers.fields.map(redacted))
    }
}
