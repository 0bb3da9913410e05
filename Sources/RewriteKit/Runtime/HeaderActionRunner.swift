/// `set-header`, `add-header` and `remove-header`, in either phase.
///
/// Names must be HTTP tokens and values may hold no control character but tab: a rendered
/// template that breaks this (a `${query...}` with a line feed or an escape, say) is not
/// sent, the message goes on untouched, and the trace says why.
enum HeaderActionRunner {
    /// The header action's name and value, rendered; nil when `action` is not a header action.
    static func edit(of action: CompiledAction, renderer: inout TemplateRenderer) -> Edit? {
        // Literal names and string values were checked when the rules loaded; only
        // rendered ones are checked when the edit is applied.
        switch action.kind {
        case .setHeader(let nameTemplate, let valueValue), .addHeader(let nameTemplate, let valueValue):
            var isAdd = false
            if case .addHeader = action.kind { isAdd = true }
            var isString = false
            if case .string = valueValue { isString = true }
            return Edit(
                name: renderer.render(nameTemplate), value: renderer.text(of: valueValue), adds: isAdd,
                nameChecked: nameTemplate.constant != nil, valueChecked: isString)
        case .removeHeader(let nameTemplate):
            return Edit(name: renderer.render(nameTemplate), value: nil, adds: false, nameChecked: nameTemplate.constant != nil, valueChecked: true)
        default:
            return nil
        }
    }

    /// The edit of a header action whose name and value are literals, which needs no
    /// renderer; nil for any other action (the caller renders it with ``edit(of:renderer:)``).
    static func literalEdit(of action: CompiledAction) -> Edit? {
        switch action.kind {
        case .setHeader(let nameTemplate, .string(let value)), .addHeader(let nameTemplate, .string(let value)):
            guard let name = nameTemplate.constant else { return nil }
            var isAdd = false
            if case .addHeader = action.kind { isAdd = true }
            return Edit(name: name, value: value, adds: isAdd, nameChecked: true, valueChecked: true)
        case .removeHeader(let nameTemplate):
            guard let name = nameTemplate.constant else { return nil }
            return Edit(name: name, value: nil, adds: false, nameChecked: true, valueChecked: true)
        default:
            return nil
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
