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

    /// The response object the app gets for this answer at `url`. When the rules left the
    /// network's head as it was, it is the network's own object, so every header
    /// (Content-Length and Content-Encoding included) and every property is exactly what a
    /// plain session gives. When a body action changed the body, the headers describe the
    /// new bytes.
    func urlResponse(url: URL, network: (object: HTTPURLResponse, head: HTTPResponse)? = nil, bodyChanged: Bool) -> HTTPURLResponse? {
        if !bodyChanged, let network, network.head.status == status, network.head.headers == headers {
            return network.object
        }
        var headers = headers
        if bodyChanged {
            headers.remove("Content-Encoding")
            headers.set("Content-Length", String(body.count))
        }
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers.joinedFields)
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

extension HTTPHeaders {
    /// The fields as a dictionary for `URLRequest` and `HTTPURLResponse`, the values of a
    /// repeated name (in any case) joined with ", " under its first spelling.
    var joinedFields: [String: String] {
        var fields = [String: String](minimumCapacity: count)
        // A repeated name is rare: a short list is searched in place for one (no
        // lower-cased copy of every name); a long one, which a server can send, goes
        // through a dictionary of lower-cased names so that the work stays linear.
        var firstSpelling: [String: String]? = count > Self.pairwiseJoinLimit ? [:] : nil
        for (index, field) in enumerated() {
            let first: String?
            if firstSpelling != nil {
                let key = ASCIICase.lowercased(field.name)
                first = firstSpelling?[key]
                if first == nil { firstSpelling?[key] = field.name }
            } else {
                first = self[..<index].first { ASCIICase.equal($0.name, field.name) }?.name
            }
            if let first, let existing = fields[first] {
                fields[first] = existing + ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        return fields
    }

    /// Up to this many fields, repeated names are found by comparing each with those before it.
    static let pairwiseJoinLimit = 16
}
