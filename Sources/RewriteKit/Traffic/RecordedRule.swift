import Foundation

/// One rule of a recording: the conditions that match a recorded request, and the answer
/// it replays. Written as plain rule-language text a person can review and edit.
struct RecordedRule {
    /// The rule's name, unique in its file.
    var name: String
    /// The `when` lines, without the word `when`.
    var conditions: [String]
    /// Comments placed before the conditions: what is deliberately not matched.
    var notes: [String]
    /// `times N`, for an answer that a later one replaced.
    var times: Int?
    /// The status to answer with.
    var status: Int
    /// The headers to answer with, in order.
    var headers: [(name: String, value: String)]
    /// The body file, relative to the rule file's folder.
    var bodyFile: String?
    /// Whether the body file is a timed stream (`stream file`) rather than a body.
    var isStream = false
    /// Whether the rule answers nothing: it holds the place of calls the recording cannot
    /// replay (`times N` and `stop`: they go to the network, and no later rule answers them).
    var passesThrough = false
    /// A WebSocket conversation's script (`socket { … }` lines), for a recorded handshake.
    var socketScript: [String]?

    /// The rule as rule-language text, ending with a blank line.
    var text: String {
        var lines = ["rule \(RuleText.string(name)) {"]
        lines += notes.map { "    # " + $0 }
        lines += conditions.map { "    when " + $0 }
        if let times { lines.append("    times \(times)") }
        if passesThrough {
            lines.append("    stop")
        } else if headers.isEmpty && bodyFile == nil && socketScript == nil {
            lines.append("    respond \(status)")
        } else {
            lines.append("    respond \(status) {")
            lines += headers.map { "        header \(RuleText.string($0.name)) \(RuleText.string($0.value))" }
            if let bodyFile { lines.append("        \(isStream ? "stream" : "body") file \(RuleText.string(bodyFile))") }
            if let socketScript {
                lines.append("        socket {")
                lines += socketScript.map { "            " + $0 }
                lines.append("        }")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n\n"
    }
}

extension RecordedRule {
    /// A recorded conversation as a script: the server's messages, each after a `wait` for the
    /// time between it and the one before (the handshake, for the first), so the replay keeps
    /// the recording's timing. What the app sent is noted, by size and time only (its payload
    /// may hold what the app must not write down).
    static func socketScript(_ messages: [RecordedSocketMessage]) -> [String] {
        var lines: [String] = []
        var previous = 0.0
        for message in messages {
            let at = Int((message.time * 1000).rounded())
            switch message.direction {
            case .sent:
                lines.append("# the app sent a \(message.isBinary ? "binary" : "text") message of \(message.bytes.count) bytes at +\(at)ms")
            case .received:
                let gap = min(max(0, Int(((message.time - previous) * 1000).rounded())), 3_600_000)
                if gap > 0 { lines.append("wait \(gap)ms") }
                previous = max(previous, message.time)
                if !message.isBinary, let text = String(strictUTF8: message.bytes) {
                    lines.append("message " + RuleText.string(text))
                } else {
                    lines.append("message binary " + RuleText.string(Data(message.bytes).base64EncodedString()))
                }
            }
        }
        return lines
    }

    /// The most bytes of a JSON request body matched with `body == json …`.
    static let jsonBodyConditionLimit = 64 * 1024
    /// The most bytes of a text request body matched with `body == "…"`.
    static let textBodyConditionLimit = 4 * 1024
    /// The deepest JSON request body matched (the rule language allows 200 levels).
    static let jsonDepthLimit = 100

    /// What a rule must test to match `request`: the method, scheme, host, port, path and
    /// query parameters (in name order: matching ignores their order), then the body. The
    /// scheme is always tested: `http://host/` and `https://host/` are the same host, port
    /// (when it is the scheme's default) and path, and a site's http hop is often a redirect
    /// to its https one.
    /// Secret query values are left out (a note says so), as are bodies that are too
    /// large or neither JSON nor short text.
    static func conditions(for request: HTTPRequest, secrets: SecretNames) -> (path: String, extra: [String], notes: [String]) {
        let url = request.url
        var base = "method == \(RuleText.method(request.method)) and scheme == \(RuleText.string(url.scheme))"
        base += " and host == \(RuleText.string(url.host))"
        if let port = url.port { base += " and port == \(port)" }
        var extra: [String] = []
        var notes: [String] = []
        if let glob = redactedPathGlob(url.path) {
            base += " and path ~ \(RuleText.string(glob))"
            notes.append("the path holds a secret: matched with * in its place")
        } else {
            base += " and path == \(RuleText.string(url.path))"
        }
        var seen = Set<String>()
        for item in url.queryItems.sorted(by: { $0.name < $1.name }) where seen.insert(item.name).inserted {
            if secrets.isSecretQuery(item.name) || item.value.contains(SecretNames.placeholder) {
                notes.append("query \(RuleText.string(item.name)) is a secret: not matched")
            } else {
                extra.append("query \(RuleText.string(item.name)) == \(RuleText.string(item.value))")
            }
        }
        if let body = request.body, !body.isEmpty {
            if let condition = bodyCondition(body) {
                extra.append(condition)
            } else {
                notes.append("body not matched: \(body.count) bytes, not JSON or short text")
            }
        }
        return (base, extra, notes)
    }

    /// A glob for a path in which redaction left the placeholder: `*` in its place, the
    /// rest literal. Nil when the path holds no placeholder.
    private static func redactedPathGlob(_ path: String) -> String? {
        let encoded = PathText.normalized(SecretNames.placeholder)
        let marked = path.replacingOccurrences(of: encoded, with: SecretNames.placeholder)
        guard marked.contains(SecretNames.placeholder) else { return nil }
        return marked.components(separatedBy: SecretNames.placeholder).map { part in
            var escaped = ""
            for character in part {
                if "*?[]\\".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: "*")
    }

    /// `body == json …` for a JSON object or array, `body == "…"` for short text.
    private static func bodyCondition(_ body: [UInt8]) -> String? {
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if (first == UInt8(ascii: "{") || first == UInt8(ascii: "[")), body.count <= jsonBodyConditionLimit,
           body.withUnsafeBufferPointer({ JSONValidator.isValid($0) }), depth(of: body) <= jsonDepthLimit,
           let literal = RuleText.jsonLiteral(body) {
            return "body == " + literal
        }
        guard body.count <= textBodyConditionLimit, let text = String(strictUTF8: body) else { return nil }
        return "body == " + RuleText.string(text)
    }

    /// How deeply a valid JSON text nests.
    private static func depth(of json: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in json {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The file extension for a body of this content type.
    static func fileExtension(forContentType type: String?) -> String {
        let type = (type ?? "").lowercased()
        let known: [(String, String)] = [
            ("json", "json"), ("html", "html"), ("xml", "xml"), ("javascript", "js"), ("css", "css"),
            ("text/", "txt"), ("image/png", "png"), ("image/jpeg", "jpg"), ("image/gif", "gif"), ("image/webp", "webp"),
        ]
        return known.first { type.contains($0.0) }?.1 ?? "bin"
    }
}
