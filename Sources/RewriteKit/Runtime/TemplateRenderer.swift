/// Renders templates and values against one message in one phase.
///
/// In the request phase `${header.NAME}` and `${json.PATH}` read the request; in the
/// response phase they read the response. `${method}`, `${host}`, `${path}`, `${url}` and
/// `${query.NAME}` always read the request (as rewritten by the request phase). Variables
/// with no value render as an empty string and are collected in ``missing``.
struct TemplateRenderer {
    /// The request the URL variables read.
    let request: HTTPRequest
    /// The response, in the response phase.
    let response: HTTPResponse?
    /// The rule's regex groups: `captures[n]` is `${n}` (`${0}` the first regex's whole match).
    let captures: [String]
    /// The clock, environment and UUID source.
    let environment: EvaluationEnvironment
    /// The variables that had no value, in the order they were read.
    private(set) var missing: [String] = []

    init(request: HTTPRequest, response: HTTPResponse? = nil, captures: [String], environment: EvaluationEnvironment) {
        self.request = request
        self.response = response
        self.captures = captures
        self.environment = environment
    }

    /// The template's text with every placeholder replaced.
    mutating func render(_ template: Template) -> String {
        if template.parts.count == 1, case .literal(let text) = template.parts[0] { return text }
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let variable, _): text += value(of: variable)
            }
        }
        return text
    }

    /// A value as text, for header values, URL parts and bodies.
    mutating func text(of value: Value) -> String {
        switch value.kind {
        case .string(let template): render(template)
        case .number(_, let raw): raw
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .word(let word): word
        case .json(let literal): literal.text
        case .call(.now): String(environment.unixSeconds)
        case .call(.uuid): environment.makeUUID()
        case .duration(let duration): duration.raw
        case .size(let size): size.raw
        case .regex(let regex): regex.pattern
        case .range(let range): "\(range.low)..\(range.high)"
        case .list(let values): values.map { text(of: $0) }.joined(separator: ", ")
        }
    }

    /// A value as serialized JSON, for `inject-json`: strings become JSON strings,
    /// numbers keep their spelling, JSON literals their exact text, `now()` a number.
    mutating func jsonBytes(of value: Value) -> [UInt8] {
        switch value.kind {
        case .number(let number, let raw):
            if JSONBridge.isValid(Array(raw.utf8)) { return Array(raw.utf8) }
            return Array(Self.numberText(number).utf8)
        case .bool(let flag): return Array((flag ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        case .json(let literal): return Array(literal.text.utf8)
        case .call(.now): return Array(String(environment.unixSeconds).utf8)
        default: return Array(JSONBridge.quoted(text(of: value)).utf8)
        }
    }

    /// The text of one placeholder.
    mutating func value(of variable: TemplateVariable) -> String {
        switch variable {
        case .group(let number):
            guard number >= 0, number < captures.count else { return "" }
            return captures[number]
        case .method: return request.method
        case .host: return request.url.host
        case .path: return request.url.path
        case .url: return request.url.description
        case .now: return String(environment.unixSeconds)
        case .uuid: return environment.makeUUID()
        case .header(let name):
            let headers = response?.headers ?? request.headers
            if let found = headers[name] { return found }
        case .query(let name):
            if let found = request.url.queryValue(name) { return found }
        case .json(let path):
            let body = response.map { Optional($0.body) } ?? request.body
            if let body, let found = JSONBridge.text(atPath: path, in: body) { return found }
        case .env(let name):
            if let found = environment.variables[name] { return found }
        case .unknown:
            break
        }
        missing.append(variable.spelling)
        return ""
    }

    /// A finite number as JSON text: integers without a fraction.
    static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
