/// `set-header`, `add-header` and `remove-header`, in either phase.
///
/// Names must be HTTP tokens and values may hold no control character but tab: a rendered
/// template that breaks this (a `${query...}` with a line feed or an escape, say) is not
/// sent, the message goes on untouched, and the trace says why.
enum HeaderActionRunner {
    /// A header action's arguments: its name, its value (nil: `remove-header`) and whether it
    /// adds a field rather than setting one; nil for any other action.
    private static func arguments(of action: CompiledAction) -> (name: CompiledTemplate, value: CompiledValue?, adds: Bool)? {
        switch action.kind {
        case .setHeader(let name, let value): (name, value, false)
        case .addHeader(let name, let value): (name, value, true)
        case .removeHeader(let name): (name, nil, false)
        default: nil
        }
    }

    /// The header action's name and value, rendered; nil when `action` is not a header action.
    static func edit(of action: CompiledAction, renderer: inout TemplateRenderer) -> Edit? {
        guard let (name, value, adds) = arguments(of: action) else { return nil }
        // Literal names and string values were checked when the rules loaded; only
        // rendered ones are checked when the edit is applied.
        let rendered = renderer.render(name)
        var text: String?
        var valueChecked = true
        if let value {
            text = renderer.text(of: value)
            if case .string = value {} else { valueChecked = false }
        }
        return Edit(name: rendered, value: text, adds: adds, nameChecked: name.constant != nil, valueChecked: valueChecked)
    }

    /// The edit of a header action whose name and value are literals, which needs no
    /// renderer; nil for any other action (the caller renders it with ``edit(of:renderer:)``).
    static func literalEdit(of action: CompiledAction) -> Edit? {
        guard let (name, value, adds) = arguments(of: action), let literal = name.constant else { return nil }
        switch value {
        case nil: return Edit(name: literal, value: nil, adds: false, nameChecked: true, valueChecked: true)
        case .string(let text)?: return Edit(name: literal, value: text, adds: adds, nameChecked: true, valueChecked: true)
        default: return nil
        }
    }

    /// One header action with its name and value worked out.
    struct Edit {
        let name: String
        /// The value to set or add; nil to remove.
        let value: String?
        let adds: Bool
        /// Whether the name is known to be a token and the value a field value (literals,
        /// checked when the rules loaded).
        let nameChecked: Bool
        let valueChecked: Bool
    }

    /// Applies `edit` (of `action`) to `headers` and traces what it changed.
    static func apply(_ edit: Edit, of action: CompiledAction, on headers: inout HTTPHeaders, context: inout ActionContext) {
        let name = edit.name
        guard edit.nameChecked || HTTPSyntax.isToken(name) else {
            context.record(.skipped(action: action.name, reason: "'\(name)' is not a valid header name"), line: action.line)
            return
        }
        let before: [String]
        let after: [String]
        if let text = edit.value {
            guard edit.valueChecked || HTTPSyntax.isFieldValue(text) else {
                context.record(
                    .skipped(action: action.name, reason: "the value for '\(name)' contains a control character (CR, LF, NUL, DEL…)"), line: action.line)
                return
            }
            if edit.adds {
                before = headers.values(for: name)
                headers.add(name, text)
                after = before + [text]
            } else {
                before = headers.replace(name, with: text)
                after = [text]
            }
        } else {
            before = headers.values(for: name)
            guard !before.isEmpty else {
                context.record(.unchanged(action: action.name, reason: "no '\(name)' header"), line: action.line)
                return
            }
            headers.remove(name)
            after = []
        }
        context.record(.changed(action: action.name, change: .header(name: name, before: before, after: after)), line: action.line)
    }
}
