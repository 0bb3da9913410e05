/// A multipart body made readable for a person: what `rewrite apply` shows of a form
/// upload with a photo in it, which as a whole is not text.
package enum MultipartPreview {
    /// The body with each part's body that is not UTF-8 text replaced by
    /// `(N bytes of binary data)`: its delimiters, header lines and text parts as they are.
    /// Nil when the body is not multipart (by `contentType`) or not valid multipart.
    package static func text(of body: [UInt8], contentType: String?) -> String? {
        guard let boundary = contentType.flatMap(MultipartBoundary.init(contentType:)),
              case .success(let layout) = MultipartScanner.layout(of: body, boundary: boundary.bytes)
        else { return nil }
        var text = ""
        var cursor = 0
        for part in layout.parts {
            let bytes = body[part.bodyStart..<part.bodyEnd]
            guard String(strictUTF8: Array(bytes)) == nil else { continue }
            text += String(decoding: body[cursor..<part.bodyStart], as: UTF8.self) + "(\(bytes.count) bytes of binary data)"
            cursor = part.bodyEnd
        }
        return text + String(decoding: body[cursor...], as: UTF8.self)
    }
}
