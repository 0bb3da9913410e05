/// A body given by `set-body` or `respond { body ... }`.
enum CompiledBody: Sendable {
    /// Text with placeholders, rendered per message and sent as UTF-8.
    case text(CompiledTemplate)
    /// Fixed bytes: a JSON literal's text or a file's contents (read once, at load).
    /// `isJSON` is true for JSON literals and `.json` files.
    case bytes([UInt8], isJSON: Bool)

    /// Whether rendering reads the JSON body.
    var readsJSONBody: Bool {
        if case .text(let template) = self { return template.readsJSONBody }
        return false
    }
}
