import Foundation
@testable import RewriteKit
import RewriteTestSupport
import Testing

/// The groups of the first match of `pattern` in `text` (index 0 = whole match), or `nil` when it does not match.
private func groups(_ pattern: String, _ text: String, caseInsensitive: Bool = false) throws -> [String?]? {
    let regex = try SafeRegex(pattern: pattern, caseInsensitive: caseInsensitive)
    let match = try regex.firstMatch(in: text)
    #expect(try regex.matches(text) == (match != nil), "matches() and firstMatch() disagree for /\(pattern)/ on \(text.debugDescription)")
    guard let match else { return nil }
    return (0...regex.captureCount).map { match.group($0) }
}

@Suite("SafeRegex matching")
struct SafeRegexMatchingTests {
    static let table: [(pattern: String, text: String, expected: [String?]?)] = [
        // literals, dot, escapes
        ("abc", "xxabcxx", ["abc"]),
        ("abc", "ab", nil),
        ("a.c", "a\nc abc", ["abc"]),
        ("^.$", "\n", nil),
        (#"\/v1\/\.json"#, "/v1/.json", ["/v1/.json"]),
        (#"\*\+\?\(\)\[\]\{\}\|\^\$\-\\\.\/"#, #"*+?()[]{}|^$-\./"#, [#"*+?()[]{}|^$-\./"#]),
        (##"\@\#\!\~\%\&\=\,\:\;\"\'\<\>"##, ##"@#!~%&=,:;"'<>"##, [##"@#!~%&=,:;"'<>"##]),
        (#"\d+"#, "id=0427;", ["0427"]),
        (#"\D+"#, "12ab34", ["ab"]),
        (#"\w+"#, "--foo_Bar9--", ["foo_Bar9"]),
        (#"\W+"#, "ab-+/cd", ["-+/"]),
        (#"a\sb"#, "a\tb", ["a\tb"]),
        (#"\S+"#, "  xy  ", ["xy"]),
        (#"\t\n\r\f\v\0"#, "\t\n\r\u{0C}\u{0B}\0", ["\t\n\r\u{0C}\u{0B}\0"]),
        (#"\u0041\u{1F600}\x42"#, "A😀B", ["A😀B"]),
        // word boundaries and anchors
        (#"\bcat\b"#, "concat cats cat", ["cat"]),
        (#"\Bcat"#, "cat concat", ["cat"]),
        ("^abc$", "abc", ["abc"]),
        ("^abc$", "abc\n", nil),
        ("^b", "ab", nil),
        ("b$", "ab", ["b"]),
        ("^$", "", [""]),
        // classes
        ("[abc]+", "xxcabz", ["cab"]),
        ("[^abc]+", "abxyzc", ["xyz"]),
        ("[a-z]+", "ABcdeF", ["cde"]),
        (#"[\d_-]+"#, "x1_-2y", ["1_-2"]),
        (#"[a\]\\]+"#, #"x]a\y"#, [#"]a\"#]),
        ("[]a]+", "x]a]", ["]a]"]),
        (#"[\^x]+"#, "a^x", ["^x"]),
        (#"[\s\d]+"#, "a 1\t2b", [" 1\t2"]),
        (#"[\u0041-\u0043]+"#, "xABCD", ["ABC"]),
        ("[.*+?]+", "a.*+?b", [".*+?"]),
        // groups
        ("(a)(b)?(c)", "ac", ["ac", "a", nil, "c"]),
        ("(?:ab)+", "ababa", ["abab"]),
        ("(?<year>\\d{4})-(?<month>\\d\\d)", "on 2024-05-01", ["2024-05", "2024", "05"]),
        ("(a)|(b)", "b", ["b", nil, "b"]),
        ("(a|b)+", "abb", ["abb", "b"]),
        ("((a)|b)+", "ab", ["ab", "b", "a"]),
        ("()", "x", ["", ""]),
        // alternation is leftmost-first, not leftmost-longest
        ("(a|ab)", "ab", ["a", "a"]),
        ("(ab|a)", "ab", ["ab", "ab"]),
        ("(a|ab)(c|bcd)", "abcd", ["abcd", "a", "bcd"]),
        ("x|", "y", [""]),
        // quantifiers, greedy and lazy
        ("a*", "aaa", ["aaa"]),
        ("a*?", "aaa", [""]),
        ("a+", "baaa", ["aaa"]),
        ("a+?", "baaa", ["a"]),
        ("a?", "a", ["a"]),
        ("a??", "a", [""]),
        ("a{2}", "aaaa", ["aa"]),
        ("a{2,}", "aaaaa", ["aaaaa"]),
        ("a{2,}?", "aaaaa", ["aa"]),
        ("a{2,3}", "aaaaa", ["aaa"]),
        ("a{2,3}?", "aaaaa", ["aa"]),
        ("a{0}b", "ab", ["b"]),
        ("<(.+)>", "<a><b>", ["<a><b>", "a><b"]),
        ("<(.+?)>", "<a><b>", ["<a>", "a"]),
        ("(a+)(a*)", "aaa", ["aaa", "aaa", ""]),
        ("(a+?)(a*)", "aaa", ["aaa", "a", "aa"]),
        ("(a*)*b", "aab", ["aab", "aa"]),
        // a brace that is not a quantifier is literal
        ("a{", "a{", ["a{"]),
        ("x{y}", "x{y}", ["x{y}"]),
        ("a{,2}", "a{,2}", ["a{,2}"]),
        // the staging-URL rule
        (#"^https:\/\/api\.myapp\.com\/v1\/(.*)$"#, "https://api.myapp.com/v1/users/42?x=1", ["https://api.myapp.com/v1/users/42?x=1", "users/42?x=1"]),
        (#"^https:\/\/api\.myapp\.com\/v1\/(.*)$"#, "https://api.myapp.com/v2/users", nil),
        // Unicode scalars
        (".", "👍🏽", ["👍"]),
        ("^..$", "👍🏽", ["👍🏽"]),
        ("caf(é)", "un café", ["café", "é"]),
        ("^.$", "e\u{301}", nil),
        ("[à-ÿ]+", "voilà ça", ["à"]),
        ("🙂+", "x🙂🙂y", ["🙂🙂"]),
        // a loop whose body prefers the empty match stops at once (RE2: `x*` as `(x+)?`)
        ("(?:|a)*", "aaa", [""]),
        ("(?:(?:)|a)*", "aaa", [""]),
        ("(?:a??)*", "aaa", [""]),
        ("(?:.*?)*", "aaa", [""]),
        ("(?:(a)??)*", "aaa", ["", nil]),
        ("(?:a|)*", "aaa", ["aaa"]),
        // \x{...} and \u{...} with any number of digits
        (#"\x{00000061}"#, "a", ["a"]),
        (#"\u{0000000001F600}"#, "😀", ["😀"]),
        // POSIX classes inside brackets, as RE2 reads them (ASCII)
        ("[[:upper:]]+", "abCDe", ["CD"]),
        ("[[:lower:][:digit:]]+", "AB1c2D", ["1c2"]),
        ("[[:^alpha:]]+", "ab12-c", ["12-"]),
        ("[[:xdigit:]]+", "xyzBEEFg", ["BEEF"]),
        ("[[:punct:]]+", "a!?/b", ["!?/"]),
        ("[[:alpha]+", "x:alpha[y", [":alpha["]),
    ]

    @Test("syntax feature", arguments: table)
    func feature(_ pattern: String, _ text: String, _ expected: [String?]?) throws {
        #expect(try groups(pattern, text) == expected)
    }

    static let caseInsensitiveTable: [(pattern: String, text: String, expected: String?)] = [
        ("hello", "Say HELLO", "HELLO"),
        ("[a-z]+", "123ABC", "ABC"),
        ("[^a-z]+", "abcXYZ12", "12"),
        (#"\w+"#, "--Ab--", "Ab"),
        ("é+", "CAFÉÉ", "ÉÉ"),
        ("[à-ÿ]+", "VOILÀ", "À"),
        ("Σ", "σ", "σ"),
    ]

    @Test("case-insensitive", arguments: caseInsensitiveTable)
    func caseInsensitive(_ pattern: String, _ text: String, _ expected: String?) throws {
        #expect(try groups(pattern, text, caseInsensitive: true)?.first == expected)
        let inline = try SafeRegex(pattern: "(?i)" + pattern, caseInsensitive: false)
        #expect(inline.isCaseInsensitive)
        #expect(try inline.firstMatch(in: text)?.group(0) == expected)
    }

    @Test func caseSensitiveByDefault() throws {
        #expect(try groups("hello", "HELLO") == nil)
        #expect(try groups("[a-z]", "A") == nil)
    }

    @Test func matchExposesRangesAndNamedGroups() throws {
        let regex = try SafeRegex(pattern: #"(?<id>\d+)(x)?"#, caseInsensitive: false)
        #expect(regex.captureCount == 2)
        #expect(regex.pattern == #"(?<id>\d+)(x)?"#)
        let text = "👍🏽 id 42!"
        let match = try #require(try regex.firstMatch(in: text))
        #expect(match.groupCount == 2)
        #expect(match.substring == "42")
        #expect(text[match.range] == "42")
        #expect(match.scalarRanges[0] == 6..<8)
        #expect(match.scalarRanges[1] == 6..<8)
        #expect(match.scalarRanges[2] == nil)
        #expect(match.range(2) == nil)
        #expect(match.substring(1) == "42")
        #expect(match.group(named: "id") == "42")
        #expect(match.group(named: "nope") == nil)
        #expect(match.group(3) == nil)
        #expect(match.group(-1) == nil)
    }

    @Test func replacesAllMatchesLeftToRight() throws {
        let secret = try SafeRegex(pattern: #"secret-(\d+)"#, caseInsensitive: false)
        #expect(try secret.replacingMatches(in: "a secret-12 b secret-9 c") { "<\($0.group(1) ?? "")>" } == "a <12> b <9> c")
        #expect(try secret.replacingMatches(in: "nothing here") { _ in "x" } == "nothing here")
        let star = try SafeRegex(pattern: "a*", caseInsensitive: false)
        #expect(try star.replacingMatches(in: "baaac") { _ in "-" } == "-b--c-")
        #expect(try star.replacingMatches(in: "") { _ in "-" } == "-")
        let empty = try SafeRegex(pattern: "", caseInsensitive: false)
        #expect(try empty.replacingMatches(in: "é👍") { _ in "|" } == "|é|👍|")
        let anchored = try SafeRegex(pattern: "^a", caseInsensitive: false)
        #expect(try anchored.replacingMatches(in: "aaa") { _ in "b" } == "baa")
        let emoji = try SafeRegex(pattern: "🙂", caseInsensitive: false)
        #expect(try emoji.replacingMatches(in: "a🙂b🙂") { _ in ":)" } == "a:)b:)")
    }
}

@Suite("SafeRegex linear time")
struct SafeRegexLinearTimeTests {
    static let catastrophic: [(pattern: String, filler: String, terminator: String)] = [
        ("(a+)+b", "a", "b"),
        ("(a*)*b", "a", "b"),
        ("(a|aa)*c", "a", "c"),
        ("(x+x+)+y", "x", "y"),
    ]

    @Test("catastrophic patterns finish on long inputs", arguments: catastrophic, [30, 100_000])
    func finishesFast(_ entry: (pattern: String, filler: String, terminator: String), length: Int) throws {
        let regex = try SafeRegex(pattern: entry.pattern, caseInsensitive: false)
        let text = String(repeating: entry.filler, count: length)
        #expect(try !regex.matches(text))
        #expect(try regex.firstMatch(in: text) == nil)
        let matching = text + entry.terminator
        #expect(try regex.matches(matching))
        #expect(try regex.firstMatch(in: matching)?.scalarRanges[0] == 0..<(length + 1))
    }

    @Test func largeCountedRepetitionIsLimitedNotSlow() throws {
        let regex = try SafeRegex(pattern: "(a{1,100})+b", caseInsensitive: false)
        #expect(try !regex.matches(String(repeating: "a", count: 2_000)))
        let nested = try SafeRegex(pattern: "((a?){30}){30}", caseInsensitive: false)
        #expect(try nested.firstMatch(in: String(repeating: "a", count: 60))?.group(0)?.count == 60)
    }
}

@Suite("SafeRegex syntax errors")
struct SafeRegexSyntaxErrorTests {
    static let linear = "RewriteKit regexes run in linear time"
    static let table: [(pattern: String, message: String, offset: Int)] = [
        ("a)", "unbalanced ')' in regex", 1),
        ("👍🏽)", "unbalanced ')' in regex", 2),
        ("x(a", "unbalanced '(' in regex: missing ')'", 1),
        ("*a", "nothing to repeat before '*'", 0),
        ("a|+b", "nothing to repeat before '+'", 2),
        ("(?)", "unknown group syntax '(?)' in regex", 0),
        ("a**", "nothing to repeat before '*'", 2),
        ("a{2}{3}", "nothing to repeat before '{3}'", 4),
        ("^*", "nothing to repeat before '*'", 1),
        (#"\b+"#, "nothing to repeat before '+'", 2),
        ("{2}", "nothing to repeat before '{2}'", 0),
        (#"(a)\1"#, "backreferences are not supported; \(linear)", 3),
        (#"(?<n>a)\k<n>"#, "backreferences are not supported; \(linear)", 7),
        ("(?P<n>a)(?P=n)", "backreferences are not supported; \(linear)", 8),
        ("(?=a)", "lookaround '(?=' is not supported; \(linear)", 0),
        ("x(?!a)", "lookaround '(?!' is not supported; \(linear)", 1),
        ("(?<=a)b", "lookaround '(?<=' is not supported; \(linear)", 0),
        ("(?<!a)b", "lookaround '(?<!' is not supported; \(linear)", 0),
        ("(?>a)", "atomic group '(?>' is not supported; \(linear)", 0),
        ("a*+", "possessive quantifier '*+' is not supported; \(linear)", 1),
        ("a{2}+", "possessive quantifier '{2}+' is not supported; \(linear)", 1),
        ("a(?i)b", "inline flags '(?i)' are not supported; only '(?i)' at the very start of the regex is", 1),
        ("(?s:a)", "inline flags '(?s:' are not supported; only '(?i)' at the very start of the regex is", 0),
        ("(?#note)", "unknown group syntax '(?#' in regex", 0),
        ("(?<1a>x)", "invalid group name in regex: expected letters, digits or '_' and a closing '>'", 3),
        ("(?<n>a)(?<n>b)", "duplicate group name 'n' in regex", 10),
        ("[abc", "unterminated character class", 0),
        ("a[^]", "unterminated character class", 1),
        ("x[z-a]", "invalid range 'z-a' in character class", 2),
        (#"[\d-z]"#, "invalid range '\\d-z' in character class", 1),
        ("a{5000}", "repetition count 5000 exceeds the limit of 1000", 2),
        ("a{2,1001}", "repetition count 1001 exceeds the limit of 1000", 4),
        ("a{5,2}", "invalid repetition '{5,2}': the minimum exceeds the maximum", 1),
        ("(a{1000}){1000}", "regex is too large: it compiles to 1002003 instructions, more than the limit of 5000", 0),
        ("a\\", "trailing '\\' in regex", 1),
        (#"\q"#, "unknown escape '\\q' in regex", 0),
        (#"x\p{L}"#, "unknown escape '\\p' in regex", 1),
        (#"[\B]"#, "unknown escape '\\B' in regex", 1),
        (#"\u12"#, "invalid unicode escape '\\u12' in regex", 0),
        (#"\u{D800}"#, "invalid unicode escape '\\u{D800}' in regex", 0),
        (#"\u{110000}"#, "invalid unicode escape '\\u{110000}' in regex", 0),
        (#"\u{}"#, "invalid unicode escape '\\u{}' in regex", 0),
        (#"\x4"#, "invalid unicode escape '\\x4' in regex", 0),
        (#"\x{0000006"#, "invalid unicode escape '\\x{0000006' in regex", 0),
        (#"a\x{00110000}"#, "invalid unicode escape '\\x{00110000}' in regex", 1),
        ("[[:foo:]]", "unknown POSIX class '[:foo:]' in regex; known: alnum, alpha, ascii, blank, cntrl, digit, graph, lower, print, punct, space, upper, word, xdigit", 1),
        (#"\01"#, "octal escape '\\01' is not supported; use '\\u{...}'", 0),
        (String(repeating: "(", count: 201) + String(repeating: ")", count: 201),
         "regex nests groups more than 200 levels deep", 200),
    ]

    @Test("rejects with message and scalar offset", arguments: table)
    func rejects(_ pattern: String, _ message: String, _ offset: Int) {
        #expect(throws: RegexSyntaxError(message, at: offset)) {
            try SafeRegex(pattern: pattern, caseInsensitive: false)
        }
    }

    @Test func acceptsLimitsExactly() throws {
        #expect(try SafeRegex(pattern: "a{1000}", caseInsensitive: false).matches(String(repeating: "a", count: 1000)))
        #expect(try SafeRegex(pattern: String(repeating: "(", count: 200) + String(repeating: ")", count: 200),
                              caseInsensitive: false).captureCount == 200)
    }
}


/// Random patterns from the subset where RewriteKit and ICU agree: ASCII, no `\n`, no empty-loop
/// bodies (engines differ on how often an empty iteration may repeat).
private struct SafeRegexPatternGenerator {
    var random: SeededGenerator

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func alternation(depth: Int) -> (text: String, nullable: Bool) {
        let branches = (0..<(chance(25) ? 2 : 1)).map { _ in concatenation(depth: depth) }
        return (branches.map(\.text).joined(separator: "|"), branches.contains { $0.nullable })
    }

    mutating func concatenation(depth: Int) -> (text: String, nullable: Bool) {
        let pieces = (0..<Int(1 + random.next() % 3)).map { _ in piece(depth: depth) }
        return (pieces.map(\.text).joined(), pieces.allSatisfy(\.nullable))
    }

    mutating func piece(depth: Int) -> (text: String, nullable: Bool) {
        if chance(5) { return (#"\b"#, true) }
        var atom: (text: String, nullable: Bool)
        if depth < 2 && chance(25) {
            let inner = alternation(depth: depth + 1)
            atom = ((chance(50) ? "(" : "(?:") + inner.text + ")", inner.nullable)
        } else {
            atom = (pick(["a", "b", "c", "a", "b", ".", "[ab]", "[^a]", "[a-c]", #"\d"#, #"\w"#, "-"]), false)
        }
        guard !atom.nullable, chance(45) else { return atom }
        let quantifier = pick(["*", "+", "?", "{2}", "{1,2}", "{0,2}", "{2,}", "*?", "+?", "??", "{1,3}?"])
        return (atom.text + quantifier, quantifier.first == "*" || quantifier.first == "?" || quantifier.hasPrefix("{0"))
    }

    mutating func pattern() -> String {
        (chance(15) ? "^" : "") + alternation(depth: 0).text + (chance(15) ? "$" : "")
    }

    mutating func input() -> String {
        String((0..<Int(random.next() % 11)).map { _ in pick(Array("aabbc1_- ")) })
    }
}

@Suite("SafeRegex agrees with NSRegularExpression")
struct SafeRegexDifferentialTests {
    /// The size the compiler refuses patterns by is worked out from the tree; it must be
    /// exactly what compiling emits.
    @Test func programSizeIsKnownBeforeCompiling() throws {
        var generator = SafeRegexPatternGenerator(random: SeededGenerator(seed: 0x517E))
        for _ in 0..<400 {
            let pattern = generator.pattern()
            var parser = RegexParser(pattern: pattern, caseInsensitive: false)
            let root = try parser.parse()
            let program = try RegexCompiler.compile(root, captureCount: parser.captureCount, caseInsensitive: false)
            #expect(program.instructions.count == root.instructionCount + 3, "/\(pattern)/")
        }
    }

    @Test func randomPatternsAgreeWithICU() throws {
        var generator = SafeRegexPatternGenerator(random: SeededGenerator(seed: 0x5EED))
        var compared = 0
        var matchedCount = 0
        for _ in 0..<400 {
            let pattern = generator.pattern()
            let ours = try SafeRegex(pattern: pattern, caseInsensitive: false)
            let theirs = try NSRegularExpression(pattern: pattern)
            for _ in 0..<6 {
                let text = generator.input()
                let reference = theirs.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count))
                let match = try ours.firstMatch(in: text)
                let expected = reference.map { $0.range.location..<($0.range.location + $0.range.length) }
                #expect(match?.scalarRanges[0] == expected, "/\(pattern)/ on \(text.debugDescription)")
                #expect(try ours.matches(text) == (expected != nil), "/\(pattern)/ on \(text.debugDescription)")
                if let reference, let match {
                    for group in 1..<reference.numberOfRanges {
                        let range = reference.range(at: group)
                        let expectedGroup = range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
                        #expect(match.scalarRanges[group] == expectedGroup, "group \(group) of /\(pattern)/ on \(text.debugDescription)")
                    }
                }
                compared += 1
                if reference != nil { matchedCount += 1 }
            }
        }
        #expect(compared == 2_400)
        #expect(matchedCount > 500, "the generator should produce both outcomes")
    }
}
