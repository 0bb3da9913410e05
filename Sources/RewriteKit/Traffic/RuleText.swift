import Foundation

/// Spelling values in the rule language, for files RewriteKit writes itself (recordings).
/// Everything written is data: a value can never end a string early or start a template.
enum RuleText {
    /// `text` as a string literal: quotes, backslashes, `$` (so `${` is never a template)
    /// and control characters escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "$": result += "\\$"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// An HTTP method as a bare word when it is one (`GET`), else as a string.
    static func method(_ method: String) -> String {
        let isWord = !method.isEmpty && method.utf8.allSatisfy { (0x41...0x5A).contains($0) }
        return isWord ? method : string(method)
    }

    /// A JSON text as a `json` literal on one line, spaced as people write it
    /// (`{"a": 1, "b": [true]}`): whitespace outside strings is dropped, then one space
    /// follows each `:` and `,`. (JSON strings cannot hold raw line breaks.)
    static func jsonLiteral(_ bytes: [UInt8]) -> String? {
        guard String(strictUTF8: bytes) != nil else { return nil }
        var out: [UInt8] = Array("json ".utf8)
        var (inString, escaped) = (false, false)
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true
            default: break
            }
            out.append(byte)
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",") { out.append(0x20) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lower-case letters, digits and single dashes from `text`, at most `limit` characters;
    /// for file names.
    static func slug(_ text: String, limit: Int = 40) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
            if result.count >= limit { break }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
