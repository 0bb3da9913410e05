/// A `set-body`, `respond … body` or `add-part` body made into bytes.
extension TemplateRenderer {
    /// The body's bytes, and the `Content-Type` it implies: JSON for a JSON literal or a
    /// `.json` file, `multipart/form-data` with its boundary for `multipart { }`, none otherwise.
    mutating func bytes(of body: CompiledBody) -> (bytes: [UInt8], contentType: String?) {
        switch body {
        case .text(let template):
            return (Array(render(template).utf8), nil)
        case .bytes(let bytes, let isJSON):
            return (bytes, isJSON ? "application/json" : nil)
        case .json(let template):
            return (Array(render(template).utf8), "application/json")
        case .multipart(let parts):
            let rendered = parts.map { part(of: $0) }.map { (headers: $0.headers, body: $0.body) }
            let boundary = MultipartBoundary.making(for: rendered.map(\.body))
            let bytes = MultipartWriter.body(boundary: Array(boundary.utf8), parts: rendered)
            return (bytes, "multipart/form-data; boundary=\(boundary)")
        }
    }

    /// A part of `add-part` or `multipart { }`: its name, header fields and body.
    mutating func part(of part: CompiledBodyPart) -> (name: String, headers: [(name: String, value: String)], body: [UInt8]) {
        let (body, implied) = bytes(of: part.body)
        let name = render(part.name)
        var headers = [(name: "Content-Disposition", value: MultipartWriter.disposition(name: name, filename: part.filename.map { render($0) }))]
        if let type = implied ?? part.contentType { headers.append((name: "Content-Type", value: type)) }
        return (name, headers, body)
    }
}
