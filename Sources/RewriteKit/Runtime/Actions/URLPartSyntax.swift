/// What `set-url`, `set-host`, `set-path` and `set-scheme` accept.
enum URLPartSyntax {
    /// `HOST` or `HOST:PORT` (IPv6 literals in brackets); `nil` when it is neither.
    static func hostAndPort(_ text: String) -> (host: String, port: Int?)? {
        guard let url = RequestURL(string: "http://" + text), url.userInfo == nil, url.path.isEmpty,
            url.query == nil, url.fragment == nil, isValidHost(url.host)
        else { return nil }
        return (url.host, url.port)
    }

    /// Whether a host has no characters that would break the URL.
    static func isValidHost(_ host: String) -> Bool {
        !host.isEmpty && !host.utf8.contains { byte in
            byte <= 0x20 || byte == 0x7F || "/?#@\\\"<>^`{|}".utf8.contains(byte)
        }
    }

    /// A path for `set-path`: `/` is added in front when missing; `nil` when the text has
    /// characters a path cannot hold unencoded (controls, spaces, `?`, `#`).
    static func path(_ text: String) -> String? {
        guard !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        else { return nil }
        return text.hasPrefix("/") ? text : "/" + text
    }

    /// Whether the text is a URL scheme: a letter, then letters, digits, `+`, `-`, `.`.
    static func isValidScheme(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }
}
