/// `part` tests and actions, `add-part` and `multipart { }` bodies.
extension Compiler {
    /// The actions a part can take: its header fields, its body, its file name, `log` and `tag`.
    static let partActions: Set<ActionKeyword> = [
        .setHeader, .addHeader, .removeHeader, .wrapJSON, .injectJSON, .removeJSON, .replaceBody, .setBody,
        .setFilename, .log, .tag,
    ]

    /// A selector; a name must not be empty.
    mutating func compile(_ selector: PartSelector) -> CompiledPartSelector {
        if selector.text.isEmpty { error(DiagnosticMessages.emptyPartName, selector.range) }
        return CompiledPartSelector(selector)
    }

    /// What a `part` test reads, its JSON path parsed.
    mutating func compile(_ property: PartProperty, at range: SourceRange) -> CompiledPartProperty {
        switch property {
        case .value: .value
        case .json(let text): .json(jsonPath(text, at: range) ?? JSONPath([]))
        case .header(let name): .header(name)
        case .filename: .filename
        case .contentType: .contentType
        case .size: .size
        }
    }

    /// The actions of a `part { }` block: only those a part can take.
    mutating func compilePartActions(_ actions: [Action], groups: Int?) -> [CompiledAction] {
        var compiled: [CompiledAction] = []
        for action in actions {
            if action.keyword == .setFilename, case .setFilename(let value) = action.kind {
                let template = urlPart(value, groups: .known(groups))
                compiled.append(CompiledAction(keyword: .setFilename, kind: .setFilename(template), line: action.nameRange.start.line))
                continue
            }
            guard Self.partActions.contains(action.keyword) else {
                error(DiagnosticMessages.actionNotForParts(action.name), action.nameRange)
                continue
            }
            compiled.append(compile(action, groups: groups))
        }
        return compiled
    }

    /// A part `add-part` or a `multipart { }` body writes.
    mutating func compile(_ part: MultipartBodyPart, groups: Int?) -> CompiledBodyPart {
        let name = compile(part.name, groups: .known(groups))
        if name.constant == "" { error(DiagnosticMessages.emptyPartName, part.name.range) }
        return CompiledBodyPart(
            name: name, filename: part.filename.map { compile($0, groups: .known(groups)) },
            body: compile(part.body, groups: groups))
    }
}
