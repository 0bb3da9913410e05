/// What selectors and tests read of a part: its header fields and what its
/// `Content-Disposition` and `Content-Type` say.
struct MultipartPartFacts: Sendable, Equatable {
    /// The header fields, in order.
    let headers: [MultipartHeader]
    /// The form field's name (`Content-Disposition`'s `name`).
    let name: String?
    /// The file name (`filename*` decoded, else `filename`).
    let filename: String?
    /// The media type, lower case, without parameters; `text/plain` when the part has no
    /// `Content-Type` (RFC 7578 §4.4).
    let mediaType: String

    /// The facts of a part with these header fields.
    init(headers: [MultipartHeader]) {
        self.headers = headers
        let disposition = Self.value(of: "Content-Disposition", in: headers).map(HeaderParameters.init)
        name = disposition?["name"]
        filename = disposition?["filename"]
        let type = Self.value(of: "Content-Type", in: headers).map { HeaderParameters($0).type } ?? ""
        mediaType = type.isEmpty ? "text/plain" : type
    }

    /// The value of the first field named `name` (ASCII case ignored).
    func header(_ name: String) -> String? {
        Self.value(of: name, in: headers)
    }

    /// The boundary of a nested multipart body (`multipart/mixed; boundary=…`), if the part is one.
    var nestedBoundary: [UInt8]? {
        header("Content-Type").flatMap(MultipartBoundary.init(contentType:))?.bytes
    }

    private static func value(of name: String, in headers: [MultipartHeader]) -> String? {
        headers.first { ASCIICase.equal($0.name, name) }?.value
    }
}
