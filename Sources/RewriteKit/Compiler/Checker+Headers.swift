/// Checks on header names and values.
extension Checker {
    /// Headers the system computes itself; setting them is at best overridden.
    static let computedHeaders = ["content-length", "host", "transfer-encoding", "connection"]

    mutating func checkHeader(name: Template, value: Value, computedWarning: Bool, groups: Int?) {
        checkHeaderName(name)
        check(name, groups: groups)
        if computedWarning, let literal = name.literalValue, Checker.computedHeaders.contains(literal.lowercased()) {
            warning(DiagnosticMessages.computedHeader(literal), name.range)
        }
        if case .string(let template) = value.kind {
            checkHeaderValue(template)
        }
        checkValue(value, groups: groups)
    }

    /// A header name must be an RFC 7230 token: letters, digits and ``!#$%&'*+-.^_`|~``.
    mutating func checkHeaderName(_ name: Template) {
        let literal = name.parts.compactMap { part -> String? in
            if case .literal(let text) = part { return text }
            return nil
        }.joined()
        if name.parts.isEmpty {
            error(DiagnosticMessages.emptyHeaderName, name.range)
            return
        }
        for scalar in literal.unicodeScalars where !Checker.isTokenCharacter(scalar) {
            error(DiagnosticMessages.invalidHeaderName(name.displayText, character: Checker.describe(scalar)), name.range)
            return
        }
    }

    /// Header values may not hold CR, LF, NUL or other control characters (tab is fine).
    mutating func checkHeaderValue(_ value: Template) {
        for part in value.parts {
            guard case .literal(let text) = part else { continue }
            for scalar in text.unicodeScalars where (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
                error(DiagnosticMessages.invalidHeaderValue(character: Checker.describe(scalar)), value.range)
                return
            }
        }
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// How a character is named in messages.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\r": return "a carriage return (\\r)"
        case "\n": return "a line feed (\\n)"
        case "\0": return "a NUL character"
        case " ": return "a space"
        case "\t": return "a tab"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || !scalar.isASCII {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let label = scalar.isASCII ? "the control character" : "the character"
                return "\(label) U+\(String(repeating: "0", count: Swift.max(4 - hex.count, 0)))\(hex)"
            }
            return "'\(Character(scalar))'"
        }
    }
}
