/// Header names and values.
extension Compiler {
    /// Headers the system computes itself; setting them is at best overridden.
    static let computedHeaders = ["content-length", "host", "transfer-encoding", "connection"]

    /// A header name: its literal text must be an RFC 9110 token; setting a computed header
    /// is worth a warning. A name of token bytes (nearly every one) is checked a byte at a
    /// time without a copy; only a name that is not a token is read again as scalars, to
    /// name the character.
    mutating func headerName(_ name: Template, groups: Int?, computedWarning: Bool) -> CompiledTemplate {
        let compiled = compile(name, groups: .known(groups))
        if name.parts.isEmpty {
            error(DiagnosticMessages.emptyHeaderName, name.range)
        }
        for part in name.parts {
            guard case .literal(let text) = part, !text.utf8.allSatisfy(HTTPSyntax.isTokenByte),
                  let scalar = text.unicodeScalars.first(where: { !HTTPSyntax.isTokenCharacter($0) }) else { continue }
            error(DiagnosticMessages.invalidHeaderName(name.displayText, character: Self.describe(scalar)), name.range)
            break
        }
        if computedWarning, let literal = compiled.constant,
           Self.computedHeaders.contains(where: { ASCIICase.equal($0, literal) }) {
            warning(DiagnosticMessages.computedHeader(literal), name.range)
        }
        return compiled
    }

    /// A header value: its literal text may not hold CR, LF, NUL or other control
    /// characters (tab is fine).
    mutating func headerValue(_ value: Value, groups: Int?) -> CompiledValue {
        if case .string(let template) = value.kind {
            for part in template.parts {
                guard case .literal(let text) = part else { continue }
                if let scalar = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                    error(DiagnosticMessages.invalidHeaderValue(character: Self.describe(scalar)), template.range)
                    break
                }
            }
        }
        return compile(value, groups: .known(groups))
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
