/// One piece of a rendered template: text written in the rule, or a placeholder's value
/// with where it came from.
enum RenderedPart {
    /// Literal text from the rule.
    case literal(String)
    /// A placeholder's value.
    case value(String, source: TemplateSource)
}

extension RenderedPart {
    /// The text of the piece.
    var text: String {
        switch self {
        case .literal(let text), .value(let text, _): text
        }
    }
}
