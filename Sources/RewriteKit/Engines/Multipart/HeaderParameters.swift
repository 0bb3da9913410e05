/// A header value of the form `TYPE; NAME=VALUE; NAME="VALUE"` (`Content-Type`,
/// `Content-Disposition`), read as browsers and servers read them.
///
/// A quoted value may escape `"` and `\` with a backslash; any other backslash is kept, so
/// a Windows path in an old browser's `filename` survives. `NAME*=CHARSET'LANG'VALUE`
/// (RFC 5987, RFC 8187) is decoded from its percent-escapes (UTF-8 or ISO-8859-1) and wins
/// over the plain `NAME`. Names compare without regard to ASCII case.
struct HeaderParameters: Sendable, Equatable {
    /// The value before the first `;`, lower-cased and trimmed (`form-data`, `multipart/mixed`).
    let type: String
    /// The parameters in order, names lower-cased, values unquoted and decoded.
    let parameters: [(name: String, value: String)]

    static func == (lhs: HeaderParameters, rhs: HeaderParameters) -> Bool {
        lhs.type == rhs.type && lhs.parameters.elementsEqual(rhs.parameters) { $0 == $1 }
    }

    /// Reads a header value.
    init(_ value: String) {
        let bytes = Array(value.utf8)
        var index = 0
        func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        var typeEnd = index
        while typeEnd < bytes.count, bytes[typeEnd] != UInt8(ascii: ";") { typeEnd += 1 }
        type = ASCIICase.lowercased(String(decoding: bytes[0..<typeEnd], as: UTF8.self).trimmingWhitespace())
        index = typeEnd
        var plain: [(String, String)] = []
        var extended: [String: String] = [:]
        while index < bytes.count {
            index += 1  // the ';'
            skipSpaces()
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";") { index += 1 }
            let name = ASCIICase.lowercased(String(decoding: bytes[nameStart..<index], as: UTF8.self).trimmingWhitespace())
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipSpaces()
            var raw: [UInt8] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                       bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\") {
                        index += 1
                    }
                    raw.append(bytes[index])
                    index += 1
                }
                index += 1  // the closing quote
                while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
                raw = Array(String(decoding: bytes[start..<index], as: UTF8.self).trimmingWhitespace().utf8)
            }
            guard !name.isEmpty else { continue }
            if name.hasSuffix("*"), let decoded = Self.decodeExtended(raw) {
                extended[String(name.dropLast())] = decoded
            } else {
                plain.append((name, String(decoding: raw, as: UTF8.self)))
            }
        }
        var merged = plain.map { (name: $0.0, value: extended.removeValue(forKey: $0.0) ?? $0.1) }
        for (name, value) in extended.sorted(by: { $0.key < $1.key }) { merged.append((name, value)) }
        parameters = merged
    }

    /// The first parameter named `name` (lower case).
    subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// `CHARSET'LANG'PERCENT-ENCODED` decoded; nil when it is not that.
    private static func decodeExtended(_ raw: [UInt8]) -> String? {
        let quote = UInt8(ascii: "'")
        guard let first = raw.firstIndex(of: quote), let second = raw[(first + 1)...].firstIndex(of: quote) else { return nil }
        let charset = ASCIICase.lowercased(String(decoding: raw[..<first], as: UTF8.self))
        var bytes: [UInt8] = []
        var index = second + 1
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
               let high = ASCIIHex.value(raw[index + 1]), let low = ASCIIHex.value(raw[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        switch charset {
        case "utf-8": return UTF8Text.validated(bytes)
        case "iso-8859-1": return String(bytes.map { Character(Unicode.Scalar($0)) })
        default: return nil
        }
    }

    /// `value` as a quoted parameter value the way browsers write one in a form upload
    /// (WHATWG HTML's multipart/form-data encoding): `"` as `%22`, CR as `%0D`, LF as `%0A`.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "%22"
            case "\r": text += "%0D"
            case "\n": text += "%0A"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
