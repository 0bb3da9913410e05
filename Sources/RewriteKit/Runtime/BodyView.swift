/// A message body as the rules of one phase see it: the bytes, their JSON document and
/// their text, each worked out at most once however many conditions, templates and
/// actions read them.
///
/// A body action that edits JSON hands on a new view whose document is already known
/// to be valid, so a chain of JSON actions validates the body once.
final class BodyView {
    /// The bytes.
    let bytes: [UInt8]
    private var parsed: Result<JSONDocument, JSONSyntaxError>?
    private var decodedText: String?
    private var multipartParts: Result<MultipartBody, MultipartReadFailure>?
    /// Whether the body is an upload too large for memory, seen only as its multipart parts
    /// (``bytes`` is empty then): made only when every rule that reads the body reads
    /// nothing but parts.
    let isFileBacked: Bool

    /// A view of bytes whose JSON validity is not known yet.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        isFileBacked = false
    }

    /// A view of a multipart upload in a file, as its parts or why it has none (see ``isFileBacked``).
    init(parts: Result<MultipartBody, MultipartReadFailure>) {
        bytes = []
        multipartParts = parts
        isFileBacked = true
    }

    /// The parts of a file-backed upload, when the rules changed them.
    var editedFileParts: MultipartBody? {
        guard isFileBacked, case .success(let parts)? = multipartParts, parts.isEdited else { return nil }
        return parts
    }

    /// A view of an edited JSON document.
    init(_ document: JSONDocument) {
        self.bytes = document.bytes
        self.parsed = .success(document)
        isFileBacked = false
    }

    /// The body's length: a file-backed upload's as its parts would be written now.
    var count: Int {
        guard isFileBacked, case .success(let parts)? = multipartParts else { return bytes.count }
        return parts.count
    }

    /// The body's multipart parts, read on first use: the message's `Content-Type` must
    /// be `multipart/…` with a boundary.
    func multipart(contentType: String?) -> Result<MultipartBody, MultipartReadFailure> {
        if let multipartParts { return multipartParts }
        let result: Result<MultipartBody, MultipartReadFailure>
        if let boundary = contentType.flatMap(MultipartBoundary.init(contentType:)) {
            result = MultipartBody.read(.bytes(bytes), boundary: boundary.bytes)
        } else {
            result = .failure(.notMultipart)
        }
        multipartParts = result
        return result
    }

    /// A view of optional body bytes.
    static func of(_ bytes: [UInt8]?) -> BodyView? {
        bytes.map(BodyView.init)
    }

    /// The body as a JSON document, or why it is not one (validated on first use).
    var document: Result<JSONDocument, JSONSyntaxError> {
        if let parsed { return parsed }
        let result: Result<JSONDocument, JSONSyntaxError>
        do {
            result = .success(try JSONDocument(validating: bytes))
        } catch {
            result = .failure(error)
        }
        parsed = result
        return result
    }

    /// Whether the body is JSON with a value at `path` (found, not decoded).
    func hasJSONValue(at path: JSONPath) -> Bool {
        guard case .success(let document) = document else { return false }
        return document.contains(path)
    }

    /// The value at a JSON path, or `nil` (not JSON, path missing).
    func jsonValue(at path: JSONPath) -> JSONValue? {
        guard case .success(let document) = document else { return nil }
        return document.value(at: path)
    }

    /// The body as text (invalid UTF-8 replaced by U+FFFD), decoded on first use.
    var text: String {
        if let decodedText { return decodedText }
        let text = String(decoding: bytes, as: UTF8.self)
        decodedText = text
        return text
    }
}
