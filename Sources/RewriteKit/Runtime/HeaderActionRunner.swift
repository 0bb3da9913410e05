/// `set-header`, `add-header` and `remove-header`, in either phase.
///
/// Names must be HTTP tokens and values may hold no control character but tab: a rendered
/// template that breaks this (a `${query...}` with a line feed or an escape, say) is not
/// sent, the message goes on untouched, and the trace says why.
enum HeaderActionRunner {
    /// Runs a header action; returns false when `action` is not one.
    static func run(
        _ action: CompiledAction, on headers: inout HTTPHeaders, renderer: inout TemplateRenderer, context: inout ActionContext
    ) -> Bool {
        let name: String
        var value: String?
        let adds: Bool
        // Literal names and string values were checked when the rules loaded; only
        // rendered ones are checked here.
        var checked: (name: Bool, value: Bool) = (false, false)
        switch action.kind {
        case .setHeader(let nameTemplate, let valueValue), .addHeader(let nameTemplate, let valueValue):
            (name, value) = (renderer.render(nameTemplate), renderer.text(of: valueValue))
            if case .addHeader = action.kind { adds = true } else { adds = false }
            if case .string = valueValue { checked.value = true }
            checked.name = nameTemplate.constant != nil
        case .removeHeader(let nameTemplate):
            (name, value, adds) = (renderer.render(nameTemplate), nil, false)
            checked.name = nameTemplate.constant != nil
        default:
            return false
        }
        guard checked.name || HTTPSyntax.isToken(name) else {
            context.record(.skipped(action: action.name, reason: "'\(name)' is not a valid header name"), line: action.line)
            return true
        }
        let before: [String]
        let after: [String]
        if let text = value {
            guard checked.value || HTTPSyntax.isFieldValue(text) else {
                context.record(
                    .skipped(action: action.name, reason: "the value for '\(name)' contains a control character (CR, LF, NUL, DEL…)"), line: action.line)
                return true
            }
            if adds {
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
                return true
            }
            headers.remove(name)
            after = []
        }
        context.record(.changed(action: action.name, change: .header(name: name, before: before, after: after)), line: action.line)
        return true
    }
}
