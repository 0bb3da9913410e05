/// Action blocks, actions, `respond` and bodies.
extension Compiler {
    /// Actions that only make sense on the outgoing request.
    static let requestOnlyActions: Set = ["set-url", "set-host", "set-path", "set-scheme", "set-query", "remove-query"]
    /// Actions that only make sense on the incoming response.
    static let responseOnlyActions: Set = ["set-status"]

    /// The actions of a `request` or `response` block (`block` names which).
    mutating func compile(_ actionBlock: ActionBlock, block: String, groups: Int?) -> [CompiledAction] {
        var actions: [CompiledAction] = []
        actions.reserveCapacity(actionBlock.actions.count)
        for action in actionBlock.actions {
            let wrongPhase = block == "request"
                ? Self.responseOnlyActions.contains(action.name) : Self.requestOnlyActions.contains(action.name)
            if wrongPhase {
                error(DiagnosticMessages.actionWrongPhase(action.name, block: block), action.nameRange)
            }
            actions.append(compile(action, groups: groups))
        }
        return actions
    }

    /// One action: templates resolved, header names and values checked, regexes compiled,
    /// literal JSON paths parsed, files read.
    mutating func compile(_ action: Action, groups: Int?) -> CompiledAction {
        let scope = GroupScope.known(groups)
        let kind: CompiledAction.Kind
        switch action.kind {
        case .setHeader(let name, let value):
            kind = .setHeader(name: headerName(name, groups: groups, computedWarning: true), value: headerValue(value, groups: groups))
        case .addHeader(let name, let value):
            kind = .addHeader(name: headerName(name, groups: groups, computedWarning: true), value: headerValue(value, groups: groups))
        case .removeHeader(let name):
            kind = .removeHeader(name: headerName(name, groups: groups, computedWarning: false))
        case .setQuery(let name, let value):
            kind = .setQuery(name: compile(name, groups: scope), value: compile(value, groups: scope))
        case .removeQuery(let name):
            kind = .removeQuery(name: compile(name, groups: scope))
        case .setURL(let value):
            kind = .setURL(urlPart(value, groups: scope))
        case .setHost(let value):
            kind = .setHost(urlPart(value, groups: scope))
        case .setPath(let value):
            kind = .setPath(urlPart(value, groups: scope))
        case .setScheme(let value):
            kind = .setScheme(urlPart(value, groups: scope))
        case .wrapJSON(let key):
            let compiled = compile(key, groups: scope)
            kind = .wrapJSON(key: compiled, literalSummary: compiled.constant.map(CompiledAction.wrapSummary))
        case .injectJSON(let path, let value):
            let operand = jsonPathOperand(path, groups: scope)
            let compiled = compile(value, groups: scope)
            kind = .injectJSON(
                path: operand, value: compiled, literalJSON: compiled.literalJSON,
                literalSummary: operand.literalText.map(CompiledAction.injectSummary))
        case .removeJSON(let path):
            let operand = jsonPathOperand(path, groups: scope)
            kind = .removeJSON(path: operand, literalSummary: operand.literalText.map(CompiledAction.removeSummary))
        case .replaceBody(let pattern, let replacement):
            // `${n}` in the replacement is the match's own group n (like sed).
            let regex = compile(pattern)
            // The replacement's groups are the body regex's own: data, not URL text.
            let ruleURLSlots = urlSlots
            urlSlots = []
            let template = urlPart(replacement, groups: .known(regex?.captureCount))
            urlSlots = ruleURLSlots
            kind = regex.map { .replaceBody($0, replacement: template) } ?? .log
        case .setBody(let body):
            kind = .setBody(compile(body, groups: groups))
        case .setStatus(let code, let range):
            checkStatus(code, range)
            kind = .setStatus(code)
        case .log:
            kind = .log
        case .tag(let name):
            kind = .tag(compile(name, groups: scope))
        case .part(let selector, let inner):
            kind = .part(compile(selector), compilePartActions(inner, groups: groups))
        case .removePart(let selector):
            kind = .removePart(compile(selector))
        case .addPart(let part):
            kind = .addPart(compile(part, groups: groups))
        case .setFilename(let value):
            error(DiagnosticMessages.setFilenameOutsidePart, action.nameRange)
            kind = .setFilename(urlPart(value, groups: scope))
        }
        return CompiledAction(keyword: action.keyword, kind: kind, line: action.nameRange.start.line)
    }

    /// `respond STATUS { header ...; body ... }`.
    mutating func compile(_ respond: RespondClause, groups: Int?) -> CompiledRespond {
        checkStatus(respond.status, respond.statusRange)
        var headers: [CompiledRespond.Header] = []
        for header in respond.headers {
            headers.append(
                CompiledRespond.Header(
                    name: headerName(header.name, groups: groups, computedWarning: true),
                    value: headerValue(header.value, groups: groups)))
        }
        if respond.body != nil, let stream = respond.stream {
            error(DiagnosticMessages.respondStreamAndBody, stream.range)
        }
        return CompiledRespond(
            status: respond.status, headers: headers, body: respond.body.map { compile($0, groups: groups) },
            stream: respond.stream.map { compile($0, in: respond, groups: groups) },
            socket: respond.socket.map { compile($0, in: respond, groups: groups) }, line: respond.range.start.line)
    }

    /// A body; `body file` is read now, once, and never per request.
    mutating func compile(_ body: Body, groups: Int?) -> CompiledBody {
        switch body.kind {
        case .text(let template):
            return .text(compile(template, groups: .known(groups)))
        case .json(let literal):
            _ = jsonValue(literal)
            if let template = jsonTemplate(literal, groups: .known(groups)) { return .json(template) }
            return .bytes(Array(literal.text.utf8), isJSON: true)
        case .file(let path, let range):
            switch bodyFiles.read(path) {
            case .success(let bytes):
                return .bytes(bytes, isJSON: ASCIICase.lowercased(path).hasSuffix(".json"))
            case .failure(let problem):
                error(problem.message, range)
                return .bytes([], isJSON: false)
            }
        case .multipart(let parts):
            return .multipart(parts.map { compile($0, groups: groups) })
        }
    }

    /// The string argument of a URL action or `replace-body` (the parser allows only strings).
    mutating func urlPart(_ value: Value, groups: GroupScope) -> CompiledTemplate {
        guard case .string(let template) = value.kind else { return CompiledTemplate(constant: "") }
        return compile(template, groups: groups)
    }

    /// A JSON path argument, parsed now when it has no placeholders.
    private mutating func jsonPathOperand(_ template: Template, groups: GroupScope) -> JSONPathOperand {
        let compiled = compile(template, groups: groups)
        guard let text = compiled.constant else { return .template(compiled) }
        guard let path = jsonPath(text, at: template.range) else { return .template(compiled) }
        return .parsed(path, text: text)
    }
}
