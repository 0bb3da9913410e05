/// A problem in a regex pattern written in a rule file.
///
/// `offset` counts Unicode scalars from the start of the pattern (not bytes, not
/// `Character`s) and points at the text the message quotes. Every message RewriteKit's
/// regex parser can produce is worded in this file, in one voice: lower case, quoting
/// the pattern text.
struct RegexSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, e.g. `unbalanced ')' in regex`.
    var message: String
    /// Unicode-scalar offset into the pattern where the problem is.
    var offset: Int

    /// Creates an error with a message and a scalar offset.
    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}

extension RegexSyntaxError {
    /// The reason appended to every rejected backtracking-only feature.
    static let linearTimeReason = "RewriteKit regexes run in linear time"

    /// A `)` with no matching `(`.
    static func unbalancedClose(at offset: Int) -> Self {
        Self("unbalanced ')' in regex", at: offset)
    }

    /// A `(` that is never closed.
    static func unbalancedOpen(at offset: Int) -> Self {
        Self("unbalanced '(' in regex: missing ')'", at: offset)
    }

    /// A quantifier with nothing (or only an anchor or another quantifier) before it.
    static func nothingToRepeat(_ quantifier: String, at offset: Int) -> Self {
        Self("nothing to repeat before '\(quantifier)'", at: offset)
    }

    /// `\1`…`\9`, `\k<name>`, `\g…` or `(?P=name)`.
    static func backreference(at offset: Int) -> Self {
        Self("backreferences are not supported; \(linearTimeReason)", at: offset)
    }

    /// `(?=`, `(?!`, `(?<=` or `(?<!`.
    static func lookaround(_ text: String, at offset: Int) -> Self {
        Self("lookaround '\(text)' is not supported; \(linearTimeReason)", at: offset)
    }

    /// `(?>`.
    static func atomicGroup(at offset: Int) -> Self {
        Self("atomic group '(?>' is not supported; \(linearTimeReason)", at: offset)
    }

    /// `*+`, `++`, `?+`, `{n}+`.
    static func possessive(_ text: String, at offset: Int) -> Self {
        Self("possessive quantifier '\(text)' is not supported; \(linearTimeReason)", at: offset)
    }

    /// `(?m)`, `(?s:`, `(?i)` anywhere but the very start, and similar.
    static func inlineFlags(_ text: String, at offset: Int) -> Self {
        Self("inline flags '\(text)' are not supported; only '(?i)' at the very start of the regex is", at: offset)
    }

    /// `(?` followed by something unknown (`(?#`, `(?R)`, `(?(`…).
    static func unknownGroup(_ text: String, at offset: Int) -> Self {
        Self("unknown group syntax '\(text)' in regex", at: offset)
    }

    /// A named group whose name is not `[A-Za-z_][A-Za-z0-9_]*` followed by `>`.
    static func invalidGroupName(at offset: Int) -> Self {
        Self("invalid group name in regex: expected letters, digits or '_' and a closing '>'", at: offset)
    }

    /// Two groups with the same name.
    static func duplicateGroupName(_ name: String, at offset: Int) -> Self {
        Self("duplicate group name '\(name)' in regex", at: offset)
    }

    /// A `[` without its `]`.
    static func unterminatedClass(at offset: Int) -> Self {
        Self("unterminated character class", at: offset)
    }

    /// `[z-a]` or `[\d-z]`.
    static func invalidRange(_ text: String, at offset: Int) -> Self {
        Self("invalid range '\(text)' in character class", at: offset)
    }

    /// `{5000}`.
    static func repetitionTooLarge(_ count: String, limit: Int, at offset: Int) -> Self {
        Self("repetition count \(count) exceeds the limit of \(limit)", at: offset)
    }

    /// `{5,2}`.
    static func repetitionOutOfOrder(_ text: String, at offset: Int) -> Self {
        Self("invalid repetition '\(text)': the minimum exceeds the maximum", at: offset)
    }

    /// A pattern whose compiled program is too long; `size` when it is known.
    static func tooLarge(size: Int?, limit: Int) -> Self {
        guard let size, size < Int.max else { return Self("regex is too large: it compiles to more than \(limit) instructions, the limit", at: 0) }
        return Self("regex is too large: it compiles to \(size) instructions, more than the limit of \(limit)", at: 0)
    }

    /// Groups nested too deeply for the parser's stack.
    static func tooDeep(limit: Int, at offset: Int) -> Self {
        Self("regex nests groups more than \(limit) levels deep", at: offset)
    }

    /// A trailing lone backslash.
    static func trailingBackslash(at offset: Int) -> Self {
        Self("trailing '\\' in regex", at: offset)
    }

    /// `\q`, `\A`, `\p{…}` and other escapes RewriteKit does not define.
    static func unknownEscape(_ text: String, at offset: Int) -> Self {
        Self("unknown escape '\(text)' in regex", at: offset)
    }

    /// `\u12`, `\u{110000}`, `\u{D800}`, `\x4`.
    static func invalidScalarEscape(_ text: String, at offset: Int) -> Self {
        Self("invalid unicode escape '\(text)' in regex", at: offset)
    }

    /// `[[:foo:]]`: a POSIX class RE2 does not know.
    static func unknownPOSIXClass(_ text: String, at offset: Int) -> Self {
        Self("unknown POSIX class '\(text)' in regex; known: alnum, alpha, ascii, blank, cntrl, digit, graph, lower, print, punct, space, upper, word, xdigit", at: offset)
    }

    /// `\01`.
    static func octalEscape(_ text: String, at offset: Int) -> Self {
        Self("octal escape '\(text)' is not supported; use '\\u{...}'", at: offset)
    }
}
