/// A user of the example API.
public struct User: Codable, Sendable, Hashable, Identifiable {
    /// The server's identifier.
    public var id: Int
    /// The display name.
    public var name: String
    /// The e-mail address.
    public var email: String

    /// Creates a user value.
    public init(id: Int, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// What `POST /v1/users` takes.
public struct NewUser: Codable, Sendable, Hashable {
    /// The display name.
    public var name: String
    /// The e-mail address.
    public var email: String

    /// Creates the body of a create-user request.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}

/// The body of `GET /v1/users` and `GET /v1/search`.
struct UserList: Codable, Sendable {
    var users: [User]
}
