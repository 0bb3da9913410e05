import Foundation

/// Endpoints that ask for credentials, as httpbin's do.
extension Router {
    /// `/basic-auth/{user}/{passwd}`: `200 {"authenticated": true, "user": …}` for the right
    /// `Authorization: Basic` credentials, else `401` with `WWW-Authenticate: Basic realm="Fake Realm"`
    /// and a JSON body.
    static func basicAuth(user: String, password: String, _ request: RecordedRequest) -> ServerResponse {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        guard request.value(forHeader: "Authorization") == expected else {
            return .json(["authenticated": false], status: 401, headers: [.init(name: "WWW-Authenticate", value: #"Basic realm="Fake Realm""#)])
        }
        return .json(["authenticated": true, "user": user])
    }

    /// `/bearer`: `200 {"authenticated": true, "token": …}` with an `Authorization: Bearer` header,
    /// else `401` with `WWW-Authenticate: Bearer`, a scheme URLSession raises no challenge for.
    static func bearer(_ request: RecordedRequest) -> ServerResponse {
        guard let value = request.value(forHeader: "Authorization"), value.hasPrefix("Bearer ") else {
            return .json(["authenticated": false], status: 401, headers: [.init(name: "WWW-Authenticate", value: "Bearer")])
        }
        return .json(["authenticated": true, "token": String(value.dropFirst("Bearer ".count))])
    }
}
