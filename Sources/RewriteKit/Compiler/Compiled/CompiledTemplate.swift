/// A string literal ready to render: literal text and resolved placeholders.
///
/// A template without placeholders (most are) keeps only its text, no list of parts.
struct CompiledTemplate: Sendable, Hashable {
    /// One piece of the template.
    enum Part: Sendable, Hashable {
        /// Literal text.
        case literal(String)
        /// A placeholder.
        case variable(TemplateSource)
    }

    /// The text when the template has no placeholders, else `nil`.
    let constant: String?
    /// The pieces, in order; empty when the template is ``constant``.
    private let variableParts: [Part]
    /// Whether a placeholder reads the JSON body (`${json.PATH}`).
    let readsJSONBody: Bool
    /// Whether each placeholder's value is written as the inside of a JSON string (quotes,
    /// backslashes and control characters escaped): the template is a JSON literal's text,
    /// whose placeholders all stand inside its strings.
    let escapesForJSONString: Bool

    init(parts: [Part], escapesForJSONString: Bool = false) {
        self.escapesForJSONString = escapesForJSONString
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
        variableParts = isConstant ? [] : parts
        readsJSONBody = readsJSON
    }

    /// A template of fixed text.
    init(constant text: String) {
        constant = text
        variableParts = []
        readsJSONBody = false
        escapesForJSONString = false
    }

    /// The pieces, in order.
    var parts: [Part] {
        constant.map { [.literal($0)] } ?? variableParts
    }

    /// Whether a placeholder renders a regex group.
    var readsCaptures: Bool {
        variableParts.contains { if case .variable(.group) = $0 { true } else { false } }
    }

    /// The text with each placeholder written back as `${...}`.
    var displayText: String {
        if let constant { return constant }
        return variableParts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let source): "${\(source.spelling)}"
            }
        }.joined()
    }
}
