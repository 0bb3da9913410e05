/// The contents of a string literal: literal text and `${...}` placeholders.
struct Template: Sendable, Hashable {
    /// One piece of a template.
    enum Part: Sendable, Hashable {
        /// Literal text, escapes resolved.
        case literal(String)
        /// A `${...}` placeholder; the range covers `${` to `}`.
        case variable(TemplateVariable, range: SourceRange)
    }

    /// The pieces, in order; adjacent literals are merged.
    let parts: [Part]
    /// The string literal, quotes included.
    let range: SourceRange

    /// Creates a template.
    init(parts: [Part], range: SourceRange) {
        self.parts = parts
        self.range = range
    }

    /// The text when the template has no placeholders, else `nil`.
    var literalValue: String? {
        var text = ""
        for part in parts {
            guard case .literal(let literal) = part else { return nil }
            text += literal
        }
        return text
    }

    /// The literal text with each placeholder written back as `${...}`.
    var displayText: String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let variable, _): "${\(variable.spelling)}"
            }
        }.joined()
    }

    /// The placeholders with their ranges.
    var variables: [(variable: TemplateVariable, range: SourceRange)] {
        parts.compactMap { part in
            if case .variable(let variable, let range) = part { return (variable, range) }
            return nil
        }
    }
}
