/// Renders compiled templates and values against one message in one phase.
///
/// In the request phase `${header.NAME}` and `${json.PATH}` read the request; in the
/// response phase they read the response. `${method}`, `${host}`, `${path}`, `${url}` and
/// `${query.NAME}` always read the request (as rewritten by the request phase). Variables
/// with no value render as an empty string and are collected in ``missing``.
struct TemplateRenderer: ~Copyable {
    /// The request the URL variables read.
    let request: HTTPRequest
    /// The response, in the response phase.
    let response: HTTPResponse?
    /// The body `${json.PATH}` reads: the request's, or in the response phase the response's.
    let body: BodyView?
    /// The rule's regex groups: `captures[n]` is `${n}` (`${0}` the first regex's whole match).
    let captures: [String]
    /// The clock, environment and UUID source.
    let environment: EvaluationEnvironment
    /// The variables that had no value, in the order they were read.
    private(set) var missing: [String] = []

    init(
        request: HTTPRequest, response: HTTPResponse? = nil, body: BodyView?, captures: [String],
        environment: EvaluationEnvironment
    ) {
        self.request = request
        self.response = response
        self.body = body
        self.captures = captures
        self.environment = environment
    }

    /// The template's text with every placeholder replaced.
    mutating func render(_ template: CompiledTemplate) -> String {
        if let constant = template.constant { return constant }
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let source):
                let value = value(of: source)
                text += template.escapesForJSONString ? JSONText.stringInterior(value) : value
            }
        }
        return text
    }

    /// The template's pieces with each placeholder's value, for callers that must treat
    /// values as data (``URLTemplate`` encodes each for the part of the URL it lands in).
    mutating func renderParts(_ template: CompiledTemplate) -> [RenderedPart] {
        template.parts.map { part in
            switch part {
            case .literal(let text): .literal(text)
            case .variable(let source): .value(value(of: source), source: source)
            }
        }
    }

    /// A value as text, for header values, URL parts and bodies.
    mutating func text(of value: CompiledValue) -> String {
        switch value {
        case .string(let text), .json(let text), .number(let text, _): text
        case .template(let template), .jsonTemplate(let template): render(template)
        case .now: String(environment.unixSeconds)
        case .uuid: environment.makeUUID()
        }
    }

    /// A value as one JSON value, for `inject-json`: strings become JSON strings, numbers
    /// keep their spelling, JSON literals their exact text, `now()` is a number. Valid by
    /// construction (constants were validated when the rules loaded).
    mutating func json(of value: CompiledValue) -> JSONDocument {
        switch value {
        case .string(let text): CompiledValue.json(quoting: text)
        case .json(let text), .number(_, let text): CompiledValue.json(literal: text)
        case .template(let template): CompiledValue.json(quoting: render(template))
        case .jsonTemplate(let template): CompiledValue.json(literal: render(template))
        case .now: CompiledValue.json(literal: String(environment.unixSeconds))
        case .uuid: CompiledValue.json(quoting: environment.makeUUID())
        }
    }

    /// The text of one placeholder.
    mutating func value(of source: TemplateSource) -> String {
        switch source {
        case .group(let number, _):
            guard number >= 0, number < captures.count else { return "" }
            return captures[number]
        case .method: return request.method
        case .host: return request.url.normalizedHost
        case .path: return request.url.path
        case .url: return request.url.description
        case .now: return String(environment.unixSeconds)
        case .uuid: return environment.makeUUID()
        case .header(let name):
            let headers = response?.headers ?? request.headers
            if let found = headers[name] { return found }
        case .query(let name):
            if let found = QueryString.firstValue(named: name, in: request.url.query) { return found }
        case .json(let path, _):
            if let found = body?.jsonValue(at: path) { return found.textValue }
        case .env(let name):
            if let found = environment.variables[name] { return found }
        }
        missing.append(source.spelling)
        return ""
    }
}
