/// Where the parts of a multipart body are, as byte offsets into it (RFC 2046 §5.1,
/// RFC 7578): what ``MultipartScanner`` found, and all a rewrite needs to keep every byte
/// it does not change.
///
/// A part's span runs from the `--` of its delimiter line to the `--` of the next
/// delimiter, so it ends with the line break that belongs to the next delimiter: spans can
/// be left out, kept in any order, or have new ones put between them, and the body stays
/// well formed.
struct MultipartLayout: Sendable, Equatable {
    /// How the delimiter lines end; new parts are written with the same.
    enum LineBreak: Sendable, Equatable {
        case crlf, lf

        /// The bytes.
        var bytes: [UInt8] { self == .crlf ? [0x0D, 0x0A] : [0x0A] }
    }

    /// One part.
    struct Part: Sendable, Equatable {
        /// Where its delimiter line's `--` is.
        let delimiterStart: Int
        /// Where its header lines begin (after the delimiter line).
        let headerStart: Int
        /// Where its body begins (after the empty line that ends the headers).
        let bodyStart: Int
        /// Where its body ends: at the line break before the next delimiter.
        let bodyEnd: Int
        /// Where the next delimiter's `--` is: the end of the part's span.
        let end: Int
        /// Its header fields, in order.
        let headers: [MultipartHeader]

        /// The body's length.
        var bodyCount: Int { bodyEnd - bodyStart }
    }

    /// The boundary (without the leading `--`).
    let boundary: [UInt8]
    /// The parts, in order.
    let parts: [Part]
    /// Where the closing delimiter's `--` is: what comes before the first part is the
    /// preamble, what comes from here on (the closing delimiter and the epilogue) is kept.
    let closeStart: Int
    /// The body's length.
    let count: Int
    /// How the first delimiter line ends.
    let lineBreak: LineBreak

    /// Where the first part's span (or, with none, the closing delimiter) begins: the
    /// preamble is every byte before.
    var preambleEnd: Int { parts.first?.delimiterStart ?? closeStart }
}

/// One header field of a part, as written (names compare without regard to ASCII case).
struct MultipartHeader: Sendable, Equatable {
    /// The name.
    let name: String
    /// The value, folded lines joined, surrounding white space trimmed.
    let value: String
}
