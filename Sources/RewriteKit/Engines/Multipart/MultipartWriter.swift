/// Writes the pieces of a multipart body: a part's header lines, a whole new part, a
/// whole body of new parts.
enum MultipartWriter {
    /// Header fields as lines, ending with the empty line that ends them.
    static func headerBlock(_ fields: [(name: String, value: String)], lineBreak: MultipartLayout.LineBreak) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in fields {
            bytes += Array(field.name.utf8) + Array(": ".utf8) + Array(field.value.utf8) + lineBreak.bytes
        }
        return bytes + lineBreak.bytes
    }

    /// `form-data; name="NAME"[; filename="FILE"]`, quoted as browsers quote them.
    static func disposition(name: String, filename: String?) -> String {
        var value = "form-data; name=" + HeaderParameters.quoted(name)
        if let filename { value += "; filename=" + HeaderParameters.quoted(filename) }
        return value
    }

    /// A new part's span: its delimiter line, header lines and body, and the line break
    /// the next delimiter takes.
    static func part(
        boundary: [UInt8], headers: [(name: String, value: String)], body: [UInt8], lineBreak: MultipartLayout.LineBreak
    ) -> [UInt8] {
        Array("--".utf8) + boundary + lineBreak.bytes + headerBlock(headers, lineBreak: lineBreak) + body + lineBreak.bytes
    }

    /// A whole body of these parts (CRLF line breaks), with its closing delimiter.
    static func body(boundary: [UInt8], parts: [(headers: [(name: String, value: String)], body: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += self.part(boundary: boundary, headers: part.headers, body: part.body, lineBreak: .crlf)
        }
        return bytes + Array("--".utf8) + boundary + Array("--\r\n".utf8)
    }
}
