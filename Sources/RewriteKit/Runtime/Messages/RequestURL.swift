/// An absolute URL split into the parts rules match and rewrite.
///
/// Parsing is deliberately literal, so `description` gives back the URL's text and a
/// rewrite of one part keeps every other byte. The scheme is lower-cased, and a path is
/// kept as the bytes a URL carries (anything a URL cannot hold unencoded, such as
/// non-ASCII text or a space, is percent-encoded, as `URL` does); so are the user info, query
/// and fragment, so no part of the URL ever holds a space or a control character (a whole URL
/// that `set-url` takes from a value is made of the same bytes). Rules compare hosts in
/// their normal form: ASCII lower case, non-ASCII labels in their IDNA form.
public struct RequestURL: Sendable, Hashable, CustomStringConvertible {
    /// The parts' values, compared and hashed as the URL's.
    private struct Fields: Sendable, Hashable {
        var scheme: String
        var userInfo: String?
        var host: String
        var normalizedHost: String
        var port: Int?
        var path: String
        var query: String?
        var fragment: String?
    }

    /// The parts behind one reference, shared by copies: a request is copied whenever a rule
    /// changes it, and the copy then retains one object instead of seven strings. A change
    /// to a part makes new parts (URL actions are rare; copies are not).
    private final class Parts: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var parts: Parts

    /// Gives this URL its own parts with `change` made to them.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = parts.fields
        change(&fields)
        parts = Parts(fields)
    }

    /// `http`, `https`, … (lower case).
    public var scheme: String {
        get { parts.fields.scheme }
        set { update { $0.scheme = newValue } }
    }
    /// The `user:password` part before `@`, if any, in its encoded form.
    public var userInfo: String? {
        get { parts.fields.userInfo }
        set { update { $0.userInfo = newValue.map(PathText.normalized) } }
    }
    /// The host as written, without brackets for IPv6 literals.
    public var host: String {
        get { parts.fields.host }
        set {
            update {
                $0.host = newValue
                $0.normalizedHost = HostName.normalized(newValue) ?? newValue
            }
        }
    }
    /// The host as rules compare it: ASCII lower case, non-ASCII labels in their IDNA
    /// form (`BÜCHER.example` → `xn--bcher-kva.example`).
    package var normalizedHost: String { parts.fields.normalizedHost }
    /// The explicit port, if the URL names one.
    public var port: Int? {
        get { parts.fields.port }
        set { update { $0.port = newValue } }
    }
    /// The path in its encoded form; empty or starting with `/`.
    public var path: String {
        get { parts.fields.path }
        set { update { $0.path = PathText.normalized(newValue) } }
    }
    /// The query in its encoded form, without `?`; nil when there is no `?`.
    public var query: String? {
        get { parts.fields.query }
        set { update { $0.query = newValue.map(PathText.normalized) } }
    }
    /// The fragment in its encoded form, without `#`.
    public var fragment: String? {
        get { parts.fields.fragment }
        set { update { $0.fragment = newValue.map(PathText.normalized) } }
    }

    /// Creates a URL from its parts.
    package init(
        scheme: String, userInfo: String? = nil, host: String, port: Int? = nil,
        path: String, query: String? = nil, fragment: String? = nil
    ) {
        parts = Parts(Fields(
            scheme: ASCIICase.lowercased(scheme), userInfo: userInfo.map(PathText.normalized), host: host,
            normalizedHost: HostName.normalized(host) ?? host, port: port, path: PathText.normalized(path),
            query: query.map(PathText.normalized), fragment: fragment.map(PathText.normalized)))
    }

    /// Two URLs are equal when every part is.
    public static func == (lhs: RequestURL, rhs: RequestURL) -> Bool {
        lhs.parts === rhs.parts || lhs.parts.fields == rhs.parts.fields
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        parts.fields.hash(into: &hasher)
    }

    /// Parses `scheme://[userinfo@]host[:port][/path][?query][#fragment]`; nil if it is not one.
    ///
    /// Delimiters are found among UTF-8 bytes, not characters: a combining mark after
    /// `/`, `?`, `#`, `@` or `:` (`/\u{64E}`) would otherwise join the delimiter into one
    /// character and move the boundary, so text could change the URL's structure. (An
    /// ASCII byte never occurs inside another scalar's UTF-8 encoding.)
    public init?(string: String) {
        var source = string
        guard let parsed = source.withUTF8(Self.parse) else { return nil }
        self = parsed
    }

    /// The URL whose UTF-8 text is `bytes`, or nil. (Offsets, not slices: slices of a
    /// buffer pointer go through unspecialized generic code here.)
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> RequestURL? {
        guard let schemeEnd = firstIndex(of: schemeSeparator, in: bytes) else { return nil }
        guard schemeEnd > 0, ASCIICase.isLetter(bytes[0]) else { return nil }
        for i in 0..<schemeEnd where !(ASCIICase.isLetter(bytes[i]) || (0x30...0x39).contains(bytes[i]) || schemeMarks.contains(bytes[i])) {
            return nil
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
            var i = range.lowerBound
            while i < range.upperBound { if bytes[i] == byte { return i }; i &+= 1 }
            return nil
        }
        func last(_ byte: UInt8, in range: Range<Int>) -> Int? {
            var i = range.upperBound
            while i > range.lowerBound { i &-= 1; if bytes[i] == byte { return i } }
            return nil
        }
        var end = bytes.count
        var fragment: String?
        let start = schemeEnd + 3
        if let hash = first(UInt8(ascii: "#"), in: start..<end) {
            fragment = text(hash + 1..<end)
            end = hash
        }
        var query: String?
        if let mark = first(UInt8(ascii: "?"), in: start..<end) {
            query = text(mark + 1..<end)
            end = mark
        }
        let authorityEnd = first(UInt8(ascii: "/"), in: start..<end) ?? end
        let path = text(authorityEnd..<end)
        var authority = start..<authorityEnd
        var userInfo: String?
        if let at = last(UInt8(ascii: "@"), in: authority) {
            userInfo = text(authority.lowerBound..<at)
            authority = at + 1..<authority.upperBound
        }
        let host: Range<Int>
        var portText: Range<Int>?
        if !authority.isEmpty, bytes[authority.lowerBound] == UInt8(ascii: "[") {
            guard let close = first(UInt8(ascii: "]"), in: authority) else { return nil }
            host = authority.lowerBound + 1..<close
            let after = close + 1..<authority.upperBound
            if !after.isEmpty, bytes[after.lowerBound] == UInt8(ascii: ":") {
                portText = after.lowerBound + 1..<after.upperBound
            } else if !after.isEmpty {
                return nil
            }
        } else if let colon = last(UInt8(ascii: ":"), in: authority) {
            host = authority.lowerBound..<colon
            portText = colon + 1..<authority.upperBound
        } else {
            host = authority
        }
        // A host written without brackets holds no `:`, `[` or `]` (RFC 3986's reg-name and
        // IPv4 address), and a bracketed one no `[`: either would not read back from
        // ``description`` (which brackets a host with a `:`) as the same host.
        let bracketed = authority.lowerBound < host.lowerBound
        guard !host.isEmpty else { return nil }
        for i in host {
            let byte = bytes[i]
            if byte == UInt8(ascii: "[") || (!bracketed && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "]"))) { return nil }
        }
        var port: Int?
        if let portText, !portText.isEmpty {
            guard portText.count <= 5, let value = Int(text(portText)), (0...65535).contains(value)
            else { return nil }
            port = value
        }
        return RequestURL(
            scheme: text(0..<schemeEnd), userInfo: userInfo, host: text(host), port: port,
            path: path, query: query, fragment: fragment)
    }

    /// `://`.
    private static let schemeSeparator = Array("://".utf8)
    /// The bytes a scheme may hold besides letters and digits: `+`, `-`, `.`.
    private static let schemeMarks: [UInt8] = [0x2B, 0x2D, 0x2E]

    /// Where `needle` first starts in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = 0
        outer: while index + needle.count <= bytes.count {
            for offset in 0..<needle.count where bytes[index + offset] != needle[offset] {
                index += 1
                continue outer
            }
            return index
        }
        return nil
    }

    /// The port the request goes to: the explicit one or the scheme's default.
    package var effectivePort: Int? {
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
