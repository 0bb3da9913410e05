/// An absolute URL split into the parts rules match and rewrite.
///
/// Parsing is deliberately literal, so `description` gives back the URL's text and a
/// rewrite of one part keeps every other byte. The scheme is lower-cased, and a path is
/// kept as the bytes a URL carries (anything a URL cannot hold unencoded, such as
/// non-ASCII text or a space, is percent-encoded, as `URL` does). Rules compare hosts in
/// their normal form, ``normalizedHost``.
public struct RequestURL: Sendable, Hashable, CustomStringConvertible {
    /// `http`, `https`, … (lower case).
    public var scheme: String
    /// The `user:password` part before `@`, if any.
    public var userInfo: String?
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
    public var query: String?
    /// The fragment, without `#`.
    public var fragment: String?

    /// Creates a URL from its parts.
    package init(
        scheme: String, userInfo: String? = nil, host: String, port: Int? = nil,
        path: String, query: String? = nil, fragment: String? = nil
    ) {
        self.scheme = ASCIICase.lowercased(scheme)
        self.userInfo = userInfo
        self.host = host
        self.normalizedHost = HostName.normalized(host) ?? host
        self.port = port
        self.path = PathText.normalized(path)
        self.query = query
        self.fragment = fragment
    }

    /// Parses `scheme://[userinfo@]host[:port][/path][?query][#fragment]`; nil if it is not one.
    public init?(string: String) {
        guard let schemeEnd = string.range(of: "://") else { return nil }
        let scheme = string[..<schemeEnd.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789+-.".unicodeScalars.contains($0)) })
        else { return nil }
        var rest = string[schemeEnd.upperBound...]

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
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return nil }
        var port: Int?
        if let portText, !portText.isEmpty {
            guard portText.utf8.count <= 5, let value = Int(portText), (0...65535).contains(value) else { return nil }
            port = value
        }
        self.init(
            scheme: String(scheme), userInfo: userInfo, host: String(host), port: port,
            path: path, query: query, fragment: fragment)
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
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentEncoding.decodeQueryComponent(parts[0])
            let value = parts.count > 1 ? PercentEncoding.decodeQueryComponent(parts[1]) : ""
            return (name, value)
        }
    }

    /// The first value of a query parameter, decoded.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Sets a query parameter: replaces the first of that name (dropping the others) or appends.
    mutating func setQueryValue(_ value: String, for name: String) {
        let encoded = PercentEncoding.encodeQueryComponent(name) + "=" + PercentEncoding.encodeQueryComponent(value)
        var pairs = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map(String.init)
        var replaced = false
        pairs = pairs.compactMap { pair in
            let pairName = PercentEncoding.decodeQueryComponent(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard pairName == name else { return pair }
            if replaced { return nil }
            replaced = true
            return encoded
        }
        if !replaced { pairs.append(encoded) }
        query = pairs.joined(separator: "&")
    }

    /// Removes every query parameter of that name; the `?` goes when nothing is left.
    mutating func removeQueryValue(for name: String) {
        guard let query else { return }
        let kept = query.split(separator: "&", omittingEmptySubsequences: true).filter { pair in
            PercentEncoding.decodeQueryComponent(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]) != name
        }
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
