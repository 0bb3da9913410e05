/// The validating state machine behind ``JSONSyntax``.
///
/// It walks the bytes once, keeping the open containers on a fixed-size stack
/// (`true` for an object, `false` for an array) instead of recursing, so deep
/// nesting costs no call stack and is reported as an error past the limit.
struct JSONSyntaxScanner {
    /// First byte of the text.
    let base: UnsafePointer<UInt8>
    /// Number of bytes in the text.
    let end: Int
    /// Offset of the next byte to examine.
    var index = 0

    /// Creates a scanner over `end` bytes starting at `base`.
    init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    /// Scans one complete JSON text, using `stack` to track open containers.
    mutating func scanText(stack: UnsafeMutableBufferPointer<Bool>) throws(JSONSyntaxError) {
        var depth = 0
        skipWhitespace()
        nextValue: while true {
            guard index < end else { throw failure("expected a value, found end of input") }
            switch base[index] {
            case JSONByte.openBrace:
                guard depth < stack.count else { throw nestingFailure() }
                index &+= 1
                skipWhitespace()
                if index < end && base[index] == JSONByte.closeBrace {
                    index &+= 1
                } else {
                    stack[depth] = true
                    depth &+= 1
                    try scanKey(context: "expected string key or '}' at start of object")
                    continue nextValue
                }
            case JSONByte.openBracket:
                guard depth < stack.count else { throw nestingFailure() }
                index &+= 1
                skipWhitespace()
                if index < end && base[index] == JSONByte.closeBracket {
                    index &+= 1
                } else {
                    stack[depth] = false
                    depth &+= 1
                    continue nextValue
                }
            case JSONByte.quote:
                try scanString()
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                try scanNumber()
            case 0x74:
                try scanLiteral("true")
            case 0x66:
                try scanLiteral("false")
            case 0x6E:
                try scanLiteral("null")
            default:
                throw failure("expected a value, found \(found())")
            }
            // A value just ended: close containers until one continues or the text ends.
            while true {
                skipWhitespace()
                guard depth > 0 else {
                    if index == end { return }
                    throw failure("expected end of input after top-level value, found \(found())")
                }
                guard index < end else {
                    let closer = stack[depth &- 1] ? "'}'" : "']'"
                    throw failure("expected ',' or \(closer), found end of input")
                }
                let byte = base[index]
                if stack[depth &- 1] {
                    if byte == JSONByte.comma {
                        index &+= 1
                        skipWhitespace()
                        try scanKey(context: "expected string key after ',' in object")
                        continue nextValue
                    }
                    guard byte == JSONByte.closeBrace else {
                        throw failure("expected ',' or '}' after object member, found \(found())")
                    }
                } else {
                    if byte == JSONByte.comma {
                        index &+= 1
                        skipWhitespace()
                        continue nextValue
                    }
                    guard byte == JSONByte.closeBracket else {
                        throw failure("expected ',' or ']' after array element, found \(found())")
                    }
                }
                index &+= 1
                depth &-= 1
            }
        }
    }

    /// Scans `"key"` and the following `:`, leaving `index` at the member's value.
    private mutating func scanKey(context: String) throws(JSONSyntaxError) {
        guard index < end, base[index] == JSONByte.quote else {
            throw failure("\(context), found \(found())")
        }
        try scanString()
        skipWhitespace()
        guard index < end, base[index] == JSONByte.colon else {
            throw failure("expected ':' after object key, found \(found())")
        }
        index &+= 1
        skipWhitespace()
    }

    /// Advances past spaces, tabs, line feeds and carriage returns.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < end && JSONByte.isWhitespace(base[index]) {
            index &+= 1
        }
    }

    /// The byte at `offset` as shown in messages, or `end of input`.
    func found(at offset: Int? = nil) -> String {
        let offset = offset ?? index
        return offset < end ? JSONByte.describe(base[offset]) : "end of input"
    }

    /// An error at `offset` (default: the current byte).
    func failure(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset ?? index)
    }

    /// The error for a container opened past ``JSONSyntax/maximumDepth``.
    private func nestingFailure() -> JSONSyntaxError {
        failure("nesting deeper than \(JSONSyntax.maximumDepth) levels")
    }
}
