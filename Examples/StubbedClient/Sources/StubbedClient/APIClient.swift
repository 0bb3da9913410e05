import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small client for the example users API at `https://api.example.com/v1`.
///
/// It knows nothing of RewriteKit: it takes a `URLSession`, and in tests that session
/// comes from a `RewriteTestSession` whose rules answer every call from stubs.
public struct APIClient: Sendable {
    /// The API's root, e.g. `https://api.example.com/v1`.
    public let baseURL: URL
    private let session: URLSession

    /// Creates a client that sends its requests through `session`.
    public init(baseURL: URL = APIClient.production, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    /// `https://api.example.com/v1`.
    public static let production: URL = {
        guard let url = URL(string: "https://api.example.com/v1") else { preconditionFailure("constant URL") }
        return url
    }()

    /// `GET /users`: every user.
    public func users() async throws(APIError) -> [User] {
        let list: UserList = try await send(request(path: "users"), expecting: 200)
        return list.users
    }

    /// `GET /users/{id}`: one user; ``APIError/notFound`` when there is none.
    public func user(id: Int) async throws(APIError) -> User {
        try await send(request(path: "users/\(id)"), expecting: 200)
    }

    /// `POST /users`: creates a user and returns it as the server stored it.
    public func createUser(_ user: NewUser) async throws(APIError) -> User {
        var request = request(path: "users")
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try JSONEncoder().encode(user)
        } catch {
            throw .invalidResponse
        }
        return try await send(request, expecting: 201)
    }

    /// `GET /search?q=`: the users whose name matches `text`.
    public func search(_ text: String) async throws(APIError) -> [User] {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "q", value: text)]
        guard let url = components?.url else { throw .invalidResponse }
        let list: UserList = try await send(URLRequest(url: url), expecting: 200)
        return list.users
    }

    private func request(path: String) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    private func send<Value: Decodable>(_ request: URLRequest, expecting status: Int) async throws(APIError) -> Value {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw APIError(error)
        }
        guard let http = response as? HTTPURLResponse else { throw .invalidResponse }
        switch http.statusCode {
        case status: break
        case 404: throw .notFound
        default: throw .unexpectedStatus(http.statusCode)
        }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .invalidResponse
        }
    }
}
