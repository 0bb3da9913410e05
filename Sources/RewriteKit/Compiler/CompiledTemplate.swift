/// A string literal ready to render: literal text and resolved placeholders.
struct CompiledTemplate: Sendable, Hashable {
    /// One piece of the template.
    enum Part: Sendable, Hashable {
        /// Literal text.
        case literal(String)
        /// A placeholder.
        case variable(TemplateSource)
    }

    /// The pieces, in order.
    let parts: [Part]
    /// The text when the template has no placeholders, else `nil`.
    let constant: String?
    /// Whether a placeholder reads the JSON body (`${json.PATH}`).
    let readsJSONBody: Bool

    init(parts: [Part]) {
        self.parts = parts
        var text = ""
        var isConstant = true
        var readsJSON = false
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let source):
                isConstant = false
                if case .json = source { readsJSON = true }
            }
        }
        constant = isConstant ? text : nil
        readsJSONBody = readsJSON
    }

    /// A template of fixed text.
    init(constant text: String) {
        self.init(parts: [.literal(text)])
    }

    /// The text with each placeholder written back as `${...}`.
    var displayText: String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let source): "${\(source.spelling)}"
            }
        }.joined()
    }
}
