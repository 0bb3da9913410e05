/// `respond STATUS { header ...; body ... }`, prepared.
struct CompiledRespond: Sendable {
    /// One `header NAME VALUE`.
    struct Header: Sendable {
        /// The name.
        let name: CompiledTemplate
        /// The value.
        let value: CompiledValue
    }

    /// The status code.
    let status: Int
    /// The headers, in order.
    let headers: [Header]
    /// The body, if any.
    let body: CompiledBody?
    /// The streamed body (`stream …`), if any, in place of `body`.
    let stream: CompiledStream?
    /// The WebSocket conversation (`socket { … }`), if any: the stub answers a handshake.
    let socket: CompiledSocket?
    /// The 1-based line of `respond`.
    let line: Int

    /// Whether a header, the body or a streamed message renders `${json.PATH}` (which reads
    /// the request body).
    var readsJSONBody: Bool {
        headers.contains { $0.name.readsJSONBody || $0.value.readsJSONBody } || (body?.readsJSONBody ?? false)
            || (stream?.readsJSONBody ?? false) || (socket?.readsRequestJSONBody ?? false)
    }
}

/// A body given by `set-body` or `respond { body ... }`.
enum CompiledBody: Sendable {
    /// Text with placeholders, rendered per message and sent as UTF-8.
    case text(CompiledTemplate)
    /// Fixed bytes: a JSON literal's text or a file's contents (read once, at load).
    /// `isJSON` is true for JSON literals and `.json` files.
    case bytes([UInt8], isJSON: Bool)
    /// A JSON literal with placeholders in its strings, rendered per message (each value
    /// escaped inside its string) and sent as UTF-8 JSON.
    case json(CompiledTemplate)
    /// A `multipart/form-data` body of these parts, written with a boundary none of them holds.
    indirect case multipart([CompiledBodyPart])

    /// Whether rendering reads the JSON body.
    var readsJSONBody: Bool {
        switch self {
        case .text(let template), .json(let template): template.readsJSONBody
        case .bytes: false
        case .multipart(let parts): parts.contains { $0.readsJSONBody }
        }
    }
}
