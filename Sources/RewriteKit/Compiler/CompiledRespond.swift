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
    /// The 1-based line of `respond`.
    let line: Int

    /// Whether a header or the body renders `${json.PATH}` (which reads the request body).
    var readsJSONBody: Bool {
        headers.contains { $0.name.readsJSONBody || $0.value.readsJSONBody } || (body?.readsJSONBody ?? false)
    }
}
