/// Builds the URL (or URL part) of `set-url`, `set-host`, `set-path` and `set-scheme` from a
/// rendered template, so that the values of placeholders are data, never syntax.
///
/// The template's literal text gives the URL its structure. Each placeholder's value is put
/// in the part of the URL it lands in, encoded for that part:
///
/// - a path segment: every character but letters, digits and `-._~!$&'()*+,;=:@` is
///   percent-encoded (so `/`, `?`, `#` and `%` become escapes), and a value that is `.` or `..`
///   is encoded too, so no value adds a segment or climbs out of one;
/// - a query or fragment: every character but letters, digits and `-._~` is encoded;
/// - a host: a value that is the whole host must be a host name (letters, digits and `-` in
///   dot-separated labels, non-ASCII labels in their IDNA form), a value inside a label only
///   letters, digits and `-`; a port only digits; a scheme `[a-z][a-z0-9+.-]*`;
/// - user info: encoded like a query value.
///
/// A value that cannot go where it lands fails the whole action (the caller leaves the URL as
/// it was and traces why). Values that are URL text of the request itself (`${path}`, `${url}`,
/// `${host}`, groups of regexes on the URL) keep their own encoding and structure: they shape
/// the URL like the rule's own text does (`set-url "http://127.0.0.1:8080${path}"`). So do the
/// developer's configuration values (`${env.NAME}`: `set-host "${env.API_HOSTPORT}"` with
/// `127.0.0.1:8080`, `set-url "${env.BASE_URL}${path}"`), which are the rule author's own text
/// kept elsewhere, once checked to hold no whitespace or control character. A template whose
/// literal and configuration text has no `://` (`set-url "${header.X-Target}"`) names a whole URL.
enum URLTemplate {
    /// The part of a URL a piece of a template lands in.
    enum Component {
        case scheme, userInfo, host, port, path, query, fragment
    }

    /// The URL for `set-url`, or why it cannot be built.
    static func url(_ rendered: [RenderedPart]) -> Result<String, Failure> {
        let parts: [RenderedPart]
        switch layingOutConfiguration(rendered) {
        case .success(let laidOut): parts = laidOut
        case .failure(let failure): return .failure(failure)
        }
        let literal = parts.reduce(into: "") { text, part in if case .literal(let piece) = part { text += piece } }
        guard literal.contains("://") else {
            // No structure in the rule's own text: the values together name the whole URL.
            return .success(parts.map(\.text).joined())
        }
        return compose(parts) { skeleton in splitURL(skeleton) }
    }

    /// `HOST` or `HOST:PORT` for `set-host`.
    static func hostAndPort(_ parts: [RenderedPart]) -> Result<String, Failure> {
        compose(parts) { skeleton in
            var layout = Layout()
            let scalars = Array(skeleton.unicodeScalars)
            let colon = scalars.lastIndex(of: ":").flatMap { index in scalars[index...].contains("]") ? nil : index }
            layout.add(.host, 0..<(colon ?? scalars.count))
            if let colon { layout.add(.port, (colon + 1)..<scalars.count) }
            return layout
        }
    }

    /// The path for `set-path`.
    static func path(_ parts: [RenderedPart]) -> Result<String, Failure> {
        compose(parts) { skeleton in
            var layout = Layout()
            layout.add(.path, 0..<skeleton.unicodeScalars.count)
            return layout
        }
    }

    /// The scheme for `set-scheme`.
    static func scheme(_ parts: [RenderedPart]) -> Result<String, Failure> {
        compose(parts) { skeleton in
            var layout = Layout()
            layout.add(.scheme, 0..<skeleton.unicodeScalars.count)
            return layout
        }
    }

    /// Why a value cannot go where it lands.
    struct Failure: Error, CustomStringConvertible {
        /// The placeholder, as written (`${query.id}`).
        let placeholder: String
        /// The part of the URL, when the value landed in one.
        let component: Component?
        /// What the value holds that the part cannot.
        let problem: String

        var description: String {
            "the value of \(placeholder) cannot go in the URL\(component.map { "'s \($0.name)" } ?? ""): \(problem)"
        }
    }

    /// Which component each scalar offset of a skeleton is in.
    struct Layout {
        fileprivate var spans: [(Component, Range<Int>)] = []

        mutating func add(_ component: Component, _ range: Range<Int>) {
            if !range.isEmpty { spans.append((component, range)) }
        }

        /// The component at `offset` and the range it spans.
        func component(at offset: Int) -> (Component, Range<Int>)? {
            spans.first { $0.1.contains(offset) }
        }
    }

    // MARK: - Composition

    /// The first private-use scalar marking a placeholder in a skeleton.
    private static let firstMarker: UInt32 = 0xF_0000

    /// The parts with each configuration value turned into literal text, or the first
    /// configuration value that holds whitespace or a control character.
    private static func layingOutConfiguration(_ parts: [RenderedPart]) -> Result<[RenderedPart], Failure> {
        guard parts.contains(where: { if case .value(_, let source) = $0 { source.isConfiguration } else { false } }) else {
            return .success(parts)
        }
        var laidOut: [RenderedPart] = []
        laidOut.reserveCapacity(parts.count)
        for part in parts {
            guard case .value(let value, let source) = part, source.isConfiguration else {
                laidOut.append(part)
                continue
            }
            if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
                return .failure(Failure(placeholder: "${\(source.spelling)}", component: nil, problem: "it holds whitespace or a control character"))
            }
            laidOut.append(.literal(value))
        }
        return .success(laidOut)
    }

    /// Replaces each data value by a marker (URL text and configuration go in as they are),
    /// lays the skeleton out with `layout`, then puts each data value back encoded for its
    /// component.
    private static func compose(_ rendered: [RenderedPart], layout: (String) -> Layout?) -> Result<String, Failure> {
        let parts: [RenderedPart]
        switch layingOutConfiguration(rendered) {
        case .success(let laidOut): parts = laidOut
        case .failure(let failure): return .failure(failure)
        }
        var skeleton = String.UnicodeScalarView()
        var markerOffsets: [Int] = []
        var count = 0
        for part in parts {
            switch part {
            case .literal(let text):
                for scalar in text.unicodeScalars {
                    // A literal marker scalar cannot be told from a placeholder: refuse it.
                    if scalar.value >= firstMarker && scalar.value < firstMarker + 0xFFFF {
                        return .failure(Failure(placeholder: "the template", component: .path, problem: "it holds private-use characters"))
                    }
                    skeleton.append(scalar)
                    count += 1
                }
            case .value(let value, let source) where source.isURLText:
                // URL text of the request keeps its own structure: it shapes the layout
                // like the rule's literal text does.
                for scalar in PathText.normalized(value).unicodeScalars {
                    skeleton.append(scalar)
                    count += 1
                }
            case .value:
                guard let marker = Unicode.Scalar(firstMarker + UInt32(markerOffsets.count)) else {
                    return .failure(Failure(placeholder: "the template", component: .path, problem: "it has too many placeholders"))
                }
                markerOffsets.append(count)
                skeleton.append(marker)
                count += 1
            }
        }
        guard let layout = layout(String(skeleton)) else {
            return .failure(Failure(placeholder: "the template", component: .scheme, problem: "it is not a URL"))
        }
        var output = ""
        var markerIndex = 0
        for part in parts {
            switch part {
            case .literal(let text):
                output += text
            case .value(let value, let source) where source.isURLText:
                output += PathText.normalized(value)
            case .value(let value, let source):
                let offset = markerOffsets[markerIndex]
                markerIndex += 1
                guard let (component, span) = layout.component(at: offset) else {
                    return .failure(Failure(placeholder: "${\(source.spelling)}", component: .path, problem: "it falls between the URL's parts"))
                }
                let isWhole = span.count == 1
                switch encode(value, for: component, isWholeComponent: isWhole) {
                case .success(let encoded): output += encoded
                case .failure(let problem):
                    return .failure(Failure(placeholder: "${\(source.spelling)}", component: component, problem: problem.text))
                }
            }
        }
        return .success(output)
    }

    /// Splits `scheme://[userinfo@]host[:port][/path][?query][#fragment]` into components.
    private static func splitURL(_ skeleton: String) -> Layout? {
        let scalars = Array(skeleton.unicodeScalars)
        var layout = Layout()
        guard let separator = (0..<max(scalars.count - 2, 0)).first(where: {
            scalars[$0] == ":" && scalars[$0 + 1] == "/" && scalars[$0 + 2] == "/"
        }) else { return nil }
        layout.add(.scheme, 0..<separator)
        let authorityStart = separator + 3
        let authorityEnd = scalars[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.count
        var hostStart = authorityStart
        if let at = scalars[authorityStart..<authorityEnd].lastIndex(of: "@") {
            layout.add(.userInfo, authorityStart..<at)
            hostStart = at + 1
        }
        let authority = scalars[hostStart..<authorityEnd]
        let bracketEnd = authority.lastIndex(of: "]")
        let colon = authority.lastIndex(of: ":").flatMap { index in bracketEnd.map { $0 < index } ?? true ? index : nil }
        layout.add(.host, hostStart..<(colon ?? authorityEnd))
        if let colon { layout.add(.port, (colon + 1)..<authorityEnd) }
        let queryStart = scalars[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? scalars.count
        layout.add(.path, authorityEnd..<queryStart)
        if queryStart < scalars.count {
            let fragmentStart = scalars[queryStart...].firstIndex(of: "#") ?? scalars.count
            if scalars[queryStart] == "?" { layout.add(.query, (queryStart + 1)..<fragmentStart) }
            if fragmentStart < scalars.count { layout.add(.fragment, (fragmentStart + 1)..<scalars.count) }
        }
        return layout
    }

    // MARK: - Encoding

    /// Why a value cannot go in a component.
    private struct Problem: Error {
        let text: String
    }

    private static func encode(_ value: String, for component: Component, isWholeComponent: Bool) -> Result<String, Problem> {
        switch component {
        case .scheme:
            let lowered = ASCIICase.lowercased(value)
            guard URLPartSyntax.isValidScheme(lowered) else { return .failure(Problem(text: "it is not a scheme")) }
            return .success(lowered)
        case .port:
            guard !value.isEmpty, value.utf8.count <= 5, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(Problem(text: "it is not a port number"))
            }
            return .success(value)
        case .host:
            if isWholeComponent {
                guard let host = HostName.normalized(value), isHostName(host) else {
                    return .failure(Problem(text: "it is not a host name"))
                }
                return .success(host)
            }
            guard !value.isEmpty, value.utf8.allSatisfy(isLabelByte) else {
                return .failure(Problem(text: "a host label holds only letters, digits and '-'"))
            }
            return .success(value)
        case .path:
            if value == "." || value == ".." { return .success(String(repeating: "%2E", count: value.count)) }
            return .success(PercentEncoding.encode(value, keeping: isPathSegmentByte))
        case .query, .fragment, .userInfo:
            return .success(PercentEncoding.encode(value, keeping: PercentEncoding.isUnreserved))
        }
    }

    /// Letters, digits and `-` in labels, separated by single dots.
    private static func isHostName(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !labels.isEmpty && labels.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isLabelByte) }
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// What a path segment may hold unencoded: `pchar` without `%`.
    private static func isPathSegmentByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte)
    }
}

extension URLTemplate.Component {
    /// The component as named in messages.
    var name: String {
        switch self {
        case .scheme: "scheme"
        case .userInfo: "user info"
        case .host: "host"
        case .port: "port"
        case .path: "path"
        case .query: "query"
        case .fragment: "fragment"
        }
    }
}
