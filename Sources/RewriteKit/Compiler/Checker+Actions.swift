/// Checks on action blocks and bodies.
extension Checker {
    /// Actions that only make sense on the outgoing request.
    static let requestOnlyActions: Set = ["set-url", "set-host", "set-path", "set-scheme", "set-query", "remove-query"]
    /// Actions that only make sense on the incoming response.
    static let responseOnlyActions: Set = ["set-status"]

    mutating func check(_ block: ActionBlock, groups: Int?) {
        for action in block.actions {
            let wrongPhase = block.phase == .request
                ? Checker.responseOnlyActions.contains(action.name)
                : Checker.requestOnlyActions.contains(action.name)
            if wrongPhase {
                error(DiagnosticMessages.actionWrongPhase(action.name, phase: block.phase), action.nameRange)
            }
            check(action, groups: groups)
        }
    }

    mutating func check(_ action: Action, groups: Int?) {
        switch action.kind {
        case .setHeader(let name, let value), .addHeader(let name, let value):
            checkHeader(name: name, value: value, computedWarning: true, groups: groups)
        case .removeHeader(let name):
            checkHeaderName(name)
            check(name, groups: groups)
        case .setQuery(let name, let value):
            check(name, groups: groups)
            checkValue(value, groups: groups)
        case .removeQuery(let name), .wrapJSON(let name), .tag(let name):
            check(name, groups: groups)
        case .setURL(let value), .setHost(let value), .setPath(let value), .setScheme(let value):
            checkValue(value, groups: groups)
        case .injectJSON(let path, let value):
            checkJSONPath(template: path)
            checkValue(value, groups: groups)
        case .removeJSON(let path):
            checkJSONPath(template: path)
        case .replaceBody(let pattern, let replacement):
            // `${n}` in the replacement is the match's own group n (like sed).
            checkValue(replacement, groups: checkRegex(pattern))
        case .setBody(let body):
            check(body, groups: groups)
        case .setStatus(let code, let range):
            checkStatus(code, range)
        case .log:
            break
        }
    }

    /// Templates and JSON literals inside an action's value.
    mutating func checkValue(_ value: Value, groups: Int?) {
        switch value.kind {
        case .string(let template): check(template, groups: groups)
        case .json(let literal): checkJSON(literal)
        case .word(let word):
            error(
                DiagnosticMessages.bareWord(word), value.range,
                fixIt: Diagnostic.FixIt(range: value.range, replacement: "\"\(word)\""))
        default: break
        }
    }

    mutating func check(_ body: Body, groups: Int?) {
        switch body.kind {
        case .text(let template): check(template, groups: groups)
        case .json(let literal): checkJSON(literal)
        case .file(let path, let range): checkBodyFile(path, range)
        }
    }

    /// `${json.PATH}`-style paths given as templates: only literal paths can be checked.
    mutating func checkJSONPath(template: Template) {
        if let path = template.literalValue {
            checkJSONPath(path, template.range)
        }
    }
}
