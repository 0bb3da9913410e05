/// An absolute URL split into the parts rules match and rewrite.
///
/// Parsing is deliberately literal, so `description` gives back the URL's text and a
/// rewrite of one part keeps every other byte. The scheme is lower-cased, and a path is
/// kept as the bytes a URL carries (anything a URL cannot hold unencoded, such as
/// non-ASCII text or a space, is percent-encoded, as `URL` does); so are the user info, query
/// and fragment, so no part of the URL ever holds a space or a control character (a whole URL
/// that `set-url` takes from a value is made of the same bytes). Rules compare hosts in
/// their normal form, ``normalizedHost``.
public struct RequestURL: Sendable, Hashable, CustomStringConvertible {
    /// `http`, `https`, … (lower case).
    public var scheme: String
    /// The `user:password` part before `@`, if any, in its encoded form.
    public var userInfo: String? {
        didSet { userInfo = userInfo.map(PathText.normalized) }
    }
    /// The host as written, without brackets for IPv6 literals.
    public var host: String {
        didSet { normalizedHost = HostName.normalized(host) ?? host }
    }
    /// The host as rules compare it: ASCII lower case, non-ASCII labels in their IDNA
    /// form (`BÜCHER.example` → `xn--bcher-kva.example`).
    public private(set) var normalizedHost: String
    /// The explicit port, if the URL names one.
    public var port: Int?
    /// The path in its encoded form; empty or starting with `/`.
    public var path: String {
        didSet { path = PathText.normalized(path) }
    }
    /// The query in its encoded form, without `?`; nil when there is no `?`.
    public var query: String? {
        didSet { query = query.map(PathText.normalized) }
    }
    /// The fragment in its encoded form, without `#`.
    public var fragment: String? {
        didSet { fragment = fragment.map(PathText.normalized) }
    }

    /// Creates a URL from its parts.
    package init(
        scheme: String, userInfo: String? = nil, host: String, port: Int? = nil,
        path: String, query: String? = nil, fragment: String? = nil
    ) {
        self.scheme = ASCIICase.lowercased(scheme)
        self.userInfo = userInfo.map(PathText.normalized)
        self.host = host
        self.normalizedHost = HostName.normalized(host) ?? host
        self.port = port
        self.path = PathText.normalized(path)
        self.query = query.map(PathText.normalized)
        self.fragment = fragment.map(PathText.normalized)
    }

    /// Parses `scheme://[userinfo@]host[:port][/path][?query][#fragment]`; nil if it is not one.
    ///
    /// Delimiters are found among Unicode scalars, not characters: a combining mark after
    /// `/`, `?`, `#`, `@` or `:` (`/\u{64E}`) would otherwise join the delimiter into one
    /// character and move the boundary, so text could change the URL's structure.
    public init?(string: String) {
        let scalars = string.unicodeScalars
        guard let schemeEnd = Self.firstIndex(of: "://", in: scalars) else { return nil }
        let scheme = scalars[..<schemeEnd]
        guard let first = scheme.first, first.properties.isAlphabetic,
              scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789+-.".unicodeScalars.contains($0)) })
        else { return nil }
        var rest = scalars[scalars.index(schemeEnd, offsetBy: 3)...]

        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let path = String(rest[authorityEnd...])
        var authority = rest[..<authorityEnd]

        var userInfo: String?
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        var host: Substring.UnicodeScalarView
        var portText: Substring.UnicodeScalarView?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.first == ":" { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return nil }
        var port: Int?
        if let portText, !portText.isEmpty {
            guard portText.count <= 5, let value = Int(String(portText)), (0...65535).contains(value) else { return nil }
            port = value
        }
        self.init(
            scheme: String(scheme), userInfo: userInfo, host: String(host), port: port,
            path: path, query: query, fragment: fragment)
    }

    /// Where `needle` (ASCII) first starts among `scalars`.
    private static func firstIndex(of needle: String, in scalars: String.UnicodeScalarView) -> String.UnicodeScalarView.Index? {
        let pattern = Array(needle.unicodeScalars)
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if scalars[index...].starts(with: pattern) { return index }
            index = scalars.index(after: index)
        }
        return nil
    }

    /// The port the request goes to: the explicit one or the scheme's default.
    public var effectivePort: Int? {
        if let port { return port }
        switch scheme {
        case "http", "ws": return 80
        case "https", "wss": return 443
        default: return nil
        }
    }

    /// The query's parameters in order, percent-decoded (`+` is a space).
    public var queryItems: [(name: String, value: String)] {
        QueryString.items(of: query)
    }

    /// The first value of a query parameter, decoded.
    public func queryValue(_ name: String) -> String? {
        QueryString.firstValue(named: name, in: query)
    }

    /// Sets a query parameter: replaces the first of that name (dropping the others) or appends.
    mutating func setQueryValue(_ value: String, for name: String) {
        let encoded = PercentEncoding.encodeQueryComponent(name) + "=" + PercentEncoding.encodeQueryComponent(value)
        var replaced = false
        var pairs = QueryString.pairs(of: Substring(query ?? "")).compactMap { pair -> String? in
            guard QueryString.decode(QueryString.split(pair).name) == name else { return String(pair) }
            defer { replaced = true }
            return replaced ? nil : encoded
        }
        if !replaced { pairs.append(encoded) }
        query = pairs.joined(separator: "&")
    }

    /// Removes every query parameter of that name; the `?` goes when nothing is left.
    mutating func removeQueryValue(for name: String) {
        guard let query else { return }
        let kept = QueryString.pairs(of: Substring(query)).filter { QueryString.decode(QueryString.split($0).name) != name }
        self.query = kept.isEmpty ? nil : kept.joined(separator: "&")
    }

    /// The whole URL as text.
    public var description: String {
        var text = scheme + "://"
        if let userInfo { text += userInfo + "@" }
        text += host.contains(":") ? "[\(host)]" : host
        if let port { text += ":\(port)" }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }
}
