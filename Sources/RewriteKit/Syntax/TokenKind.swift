/// The kinds of token the lexer produces.
enum TokenKind: Sendable, Hashable {
    /// A bare word: keyword, subject, action name, HTTP method (`set-header`, `GET`).
    case word
    /// A string literal; its template is in ``Token/payload``.
    case string
    /// A number without a unit (`42`, `-1.5`).
    case number
    /// A number with a unit attached (`250ms`, `64KB`).
    case quantity
    /// A regex literal `/.../i`.
    case regex
    /// A JSON literal's brackets and contents, after the word `json`.
    case json
    /// `{`.
    case leftBrace
    /// `}`.
    case rightBrace
    /// `(`.
    case leftParen
    /// `)`.
    case rightParen
    /// `[`.
    case leftBracket
    /// `]`.
    case rightBracket
    /// `,`.
    case comma
    /// `;`: a statement separator, like a newline.
    case semicolon
    /// `..` in a range.
    case dotDot
    /// `/` right after a size, as in `64KB/s`.
    case slash
    /// `==`.
    case equal
    /// `!=`.
    case notEqual
    /// `~`.
    case tilde
    /// `<`.
    case less
    /// `<=`.
    case lessOrEqual
    /// `>`.
    case greater
    /// `>=`.
    case greaterOrEqual
    /// A line break.
    case newline
    /// The end of the file.
    case endOfFile
    /// Text the lexer could not make sense of (already reported).
    case invalid

    /// The text every token of this kind has (punctuation, a line break, the end), so the
    /// lexer need not decode it from the source each time; nil for words, literals and
    /// invalid text.
    var fixedText: String? {
        switch self {
        case .leftBrace: "{"
        case .rightBrace: "}"
        case .leftParen: "("
        case .rightParen: ")"
        case .leftBracket: "["
        case .rightBracket: "]"
        case .comma: ","
        case .semicolon: ";"
        case .dotDot: ".."
        case .slash: "/"
        case .equal: "=="
        case .notEqual: "!="
        case .tilde: "~"
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .newline: "\n"
        case .endOfFile: ""
        case .word, .string, .number, .quantity, .regex, .json, .invalid: nil
        }
    }

    /// Whether the token ends a statement (newline, `;`, end of file).
    var endsStatement: Bool {
        self == .newline || self == .semicolon || self == .endOfFile
    }
}
