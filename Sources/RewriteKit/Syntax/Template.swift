/// The contents of a string literal: literal text and `${...}` placeholders.
public struct Template: Sendable, Hashable {
    /// One piece of a template.
    public enum Part: Sendable, Hashable {
        /// Literal text, escapes resolved.
        case literal(String)
        /// A `${...}` placeholder; the range covers `${` to `}`.
        case variable(TemplateVariable, range: SourceRange)
    }

    /// The pieces, in order; adjacent literals are merged.
    public let parts: [Part]
    /// The string literal, quotes included.
    public let range: SourceRange

    /// Creates a template.
    public init(parts: [Part], range: SourceRange) {
        self.parts = parts
        self.range = range
    }

    /// The text when the template has no placeholders, else `nil`.
    public var literalValue: String? {
        var text = ""
        for part in parts {
            guard case .literal(let literal) = part else { return nil }
            text += literal
        }
        return text
    }

    /// The literal text with each placeholder written back as `${...}`.
    public var displayText: String {
        parts.map { part in
            switch part {
            case .literal(let text): text
            case .variable(let variable, _): "${\(variable.spelling)}"
            }
        }.joined()
    }

    /// The placeholders with their ranges.
    public var variables: [(variable: TemplateVariable, range: SourceRange)] {
        parts.compactMap { part in
            if case .variable(let variable, let range) = part { return (variable, range) }
            return nil
        }
    }

    /// Whether a placeholder reads the JSON body (`${json.PATH}`).
    var readsJSONVariable: Bool {
        parts.contains { part in
            if case .variable(.json, _) = part { return true }
            return false
        }
    }

    /// Whether two templates are the same ignoring positions.
    public func isStructurallyEqual(to other: Template) -> Bool {
        parts.count == other.parts.count && zip(parts, other.parts).allSatisfy { lhs, rhs in
            switch (lhs, rhs) {
            case (.literal(let a), .literal(let b)): a == b
            case (.variable(let a, _), .variable(let b, _)): a == b
            default: false
            }
        }
    }
}
