import Foundation

extension Compiler {
    /// Compiles one action: regexes compiled, literal JSON paths parsed, files read.
    mutating func compile(_ action: Action) -> CompiledAction {
        let kind: CompiledAction.Kind
        switch action.kind {
        case .setHeader(let name, let value): kind = .setHeader(name: name, value: value)
        case .addHeader(let name, let value): kind = .addHeader(name: name, value: value)
        case .removeHeader(let name): kind = .removeHeader(name: name)
        case .setQuery(let name, let value): kind = .setQuery(name: name, value: value)
        case .removeQuery(let name): kind = .removeQuery(name: name)
        case .setURL(let value): kind = .setURL(value)
        case .setHost(let value): kind = .setHost(value)
        case .setPath(let value): kind = .setPath(value)
        case .setScheme(let value): kind = .setScheme(value)
        case .wrapJSON(let key): kind = .wrapJSON(key: key)
        case .injectJSON(let path, let value): kind = .injectJSON(path: jsonPath(path), value: value)
        case .removeJSON(let path): kind = .removeJSON(path: jsonPath(path))
        case .replaceBody(let pattern, let replacement):
            do {
                let regex = try SafeRegex(pattern: pattern.pattern, caseInsensitive: pattern.caseInsensitive)
                kind = .replaceBody(regex, replacement: replacement)
            } catch {
                report(DiagnosticMessages.invalidRegex(error.message), at: pattern.range)
                kind = .log
            }
        case .setBody(let body): kind = .setBody(compile(body))
        case .setStatus(let code, _): kind = .setStatus(code)
        case .log: kind = .log
        case .tag(let name): kind = .tag(name)
        }
        return CompiledAction(kind: kind, name: action.name, line: action.nameRange.start.line)
    }

    /// Compiles `respond STATUS { ... }`.
    mutating func compile(_ respond: RespondClause) -> CompiledRespond {
        CompiledRespond(
            status: respond.status, headers: respond.headers.map { ($0.name, $0.value) },
            body: respond.body.map { compile($0) }, line: respond.range.start.line)
    }

    /// Compiles a body; `body file` is read now, once, and never per request.
    mutating func compile(_ body: Body) -> CompiledBody {
        switch body.kind {
        case .text(let template): return .text(template)
        case .json(let literal): return .bytes(Array(literal.text.utf8), isJSON: true)
        case .file(let path, let range):
            guard let bytes = readBodyFile(path, at: range) else { return .bytes([], isJSON: false) }
            return .bytes(bytes, isJSON: path.lowercased().hasSuffix(".json"))
        }
    }

    /// A JSON path argument, parsed now when it has no placeholders.
    private mutating func jsonPath(_ template: Template) -> JSONPathOperand {
        guard let text = template.literalValue else { return .template(template) }
        do {
            return .parsed(try JSONPath.parse(text), text: text)
        } catch {
            report(DiagnosticMessages.invalidJSONPath(text, error.message), at: template.range)
            return .template(template)
        }
    }

    /// Reads a `body file` relative to the rule file's folder, refusing paths that leave it.
    private mutating func readBodyFile(_ path: String, at range: SourceRange) -> [UInt8]? {
        guard let folder = source.baseDirectory else {
            report(DiagnosticMessages.bodyFileUnresolvable(path), at: range)
            return nil
        }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        let file = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard !path.hasPrefix("/"), file.path.hasPrefix(rootPath) else {
            report(DiagnosticMessages.bodyFileEscapes(path), at: range)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            report(DiagnosticMessages.bodyFileUnreadable(path), at: range)
            return nil
        }
        return [UInt8](data)
    }
}
