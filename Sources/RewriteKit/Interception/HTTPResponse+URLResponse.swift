import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPResponse {
    /// The pipeline's view of a response head received from the network.
    ///
    /// URLSession hands over bodies already decompressed but keeps
    /// `Content-Encoding` and the compressed `Content-Length`; both are dropped
    /// so the headers describe the bytes the app will actually get.
    init(head response: HTTPURLResponse) {
        var headers = HTTPHeaders()
        let pairs = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }
        for (name, value) in pairs.sorted(by: { $0.0 < $1.0 }) { headers.add(name, value) }
        if headers.contains("Content-Encoding") {
            headers.remove("Content-Encoding")
            headers.remove("Content-Length")
        }
        self.init(status: response.statusCode, headers: headers)
    }

    /// The HTTPURLResponse to give the app. With `bodyLength`, Content-Length is
    /// set to it; without (a streamed body of unknown length) it is left out
    /// unless the network's own value still describes the bytes.
    func urlResponse(for url: URL, bodyLength: Int?) -> HTTPURLResponse? {
        var fields: [String: String] = [:]
        for field in headers {
            if let existing = fields[field.name] {
                fields[field.name] = existing + ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        if let bodyLength {
            for name in fields.keys where HTTPHeaders.namesMatch(name, "Content-Length") { fields[name] = nil }
            fields["Content-Length"] = String(bodyLength)
        }
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}
