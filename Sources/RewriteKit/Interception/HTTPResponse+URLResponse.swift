import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponse {
    /// The pipeline's view of a response head received from the network: its status
    /// and every header as the app would see it, sorted by name. (URLSession hands over
    /// bodies already decompressed but keeps `Content-Encoding` and the compressed
    /// `Content-Length`, as a plain session shows them; the interceptor rewrites both
    /// only when a body action changes the body.)
    init(head response: HTTPURLResponse) {
        let all = response.allHeaderFields
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(all.count)
        for (key, value) in all {
            guard let name = key.base as? String else { continue }
            // Values are strings (a plain cast); describing an `Any` costs a dynamic lookup.
            fields.append(HTTPHeaders.Field(name: name, value: value as? String ?? "\(value)"))
        }
        fields.sort { $0.name < $1.name }
        self.init(status: response.statusCode, headers: HTTPHeaders(fields: fields))
    }

    /// A response as the pipeline sees it: the status and headers of `response` (sorted by
    /// name) and `body`. For driving a ``Pipeline`` directly with responses your own code
    /// received, in unit tests or tools:
    ///
    /// ```swift
    /// let outcome = pipeline.processRequest(try #require(HTTPRequest(urlRequest)))
    /// let answer = pipeline.processResponse(HTTPResponse(httpResponse, body: data), for: outcome)
    /// ```
    public init(_ response: HTTPURLResponse, body: Data) {
        self.init(head: response)
        self.body = [UInt8](body)
    }
}
