import Foundation
import RewriteTestSupport
import Testing
@testable import RewriteKit

@Suite("JSONSyntax validation")
struct JSONSyntaxTests {
    static let accepted: [String] = [
        "{}", "[]", "0", "-0", "1.0E+2", "1e-7", "-12.5e10", "12345678901234567890", "\"\"", "true", "false", "null",
        " \t\r\n{ \"a\" : [ 1 , 2 ] }\n", "[[[[]]]]", "{\"a\":{\"b\":{}}}", "\"\\u00e9\\n\\t\\\"\\\\\\/\\b\\f\\r\"",
        "\"\\ud83d\\ude00\"", "\"\\uD834\\uDD1E\"", "\"é😀中\"", "[1,\"a\",null,true,{\"x\":[]}]",
        "{\"a\":1,\"a\":2}", "\"a long plain ascii string that spans several eight byte words\"", "\"\u{7F}\"",
        "\"\\u0000\"", "[0.5,-0.0,1E5,1e+5]",
        // Unpaired surrogate escapes are grammatical (RFC 8259 section 8.2).
        "{\"s\":\"\\ud800\"}", "\"\\ud800\\u0041\"", "\"\\udc00\"", "\"x\\ud83d\"",
    ]

    static let rejected: [(text: String, message: String, offset: Int)] = [
        ("", "expected a value, found end of input", 0),
        ("   ", "expected a value, found end of input", 3),
        ("[1,]", "expected a value, found ']'", 3),
        ("{\"a\":1,}", "expected string key after ',' in object, found '}'", 7),
        ("{\"a\":1 x}", "expected ',' or '}' after object member, found 'x'", 7),
        ("[1 2]", "expected ',' or ']' after array element, found '2'", 3),
        ("01", "leading zeros are not allowed in numbers", 0),
        ("[-01]", "leading zeros are not allowed in numbers", 1),
        ("+1", "expected a value, found '+'", 0),
        ("1.", "expected digit after '.' in number, found end of input", 2),
        (".5", "expected a value, found '.'", 0),
        ("1e", "expected digit in exponent, found end of input", 2),
        ("-", "expected digit after '-', found end of input", 1),
        ("[1] [2]", "expected end of input after top-level value, found '['", 4),
        ("{\"a\" 1}", "expected ':' after object key, found '1'", 5),
        ("{a:1}", "expected string key or '}' at start of object, found 'a'", 1),
        ("\"abc", "unterminated string", 0),
        ("\"a\tb\"", "control character U+0009 must be escaped in a string", 2),
        ("\"a\nb\"", "control character U+000A must be escaped in a string", 2),
        ("\"\\x\"", "invalid escape '\\x' in string", 1),
        ("\"\\u12\"", "expected 4 hex digits after '\\u'", 1),
        ("tru", "invalid literal, expected 'true'", 0),
        ("nul", "invalid literal, expected 'null'", 0),
        ("True", "expected a value, found 'T'", 0),
        ("[1,2", "expected ',' or ']', found end of input", 4),
        ("{\"a\":", "expected a value, found end of input", 5),
        ("'a'", "expected a value, found '''", 0),
        ("[NaN]", "expected a value, found 'N'", 1),
    ]

    @Test("accepts valid JSON texts", arguments: accepted)
    func accepts(_ text: String) {
        #expect(JSONSyntax.validate(Array(text.utf8)) == nil)
        #expect(JSONSyntax.isValid(Array(text.utf8)), "the fast validator agrees")
        #expect(FoundationJSON.parse(Array(text.utf8)) != nil, "Foundation agrees")
    }

    @Test("rejects invalid texts with a positioned message", arguments: rejected)
    func rejects(_ text: String, message: String, offset: Int) {
        #expect(JSONSyntax.validate(Array(text.utf8)) == JSONSyntaxError(message: message, offset: offset))
        #expect(!JSONSyntax.isValid(Array(text.utf8)), "the fast validator agrees")
    }

    @Test("rejects malformed UTF-8 inside strings")
    func badUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xC0, 0xAF, 0x22],             // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],       // overlong
            [0x22, 0xED, 0xA0, 0x80, 0x22],       // encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0x80, 0x22],                   // lone continuation
            [0x22, 0xC3, 0x22],                   // truncated
            [0x22, 0xFF, 0x22],
            [0x22] + Array("abcdefghij".utf8) + [0xE2, 0x82],
        ]
        for bytes in cases {
            #expect(JSONSyntax.validate(bytes) != nil, "\(bytes)")
        }
        #expect(JSONSyntax.validate([0xEF, 0xBB, 0xBF] + Array("{}".utf8))?.message == "expected a value, found byte 0xEF")
        #expect(JSONSyntax.validate([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
    }

    @Test("every lead byte with every second byte, inside a string: valid exactly when Swift's UTF-8 decoder says so")
    func everyTwoByteStart() {
        // Each lead byte followed by each second byte, then continuation bytes, ASCII or the
        // closing quote at once, so sequences of every length are complete, short or broken;
        // at the start of a string and after plain text, where the validator takes other paths.
        let tails: [[UInt8]] = [[0x80, 0x80], [0xBF, 0xBF], [0x80], [0x41], [0x80, 0x41], []]
        var checked = 0
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for tail in tails {
                    let sequence = [lead, second] + tail
                    guard !sequence.contains(0x22), !sequence.contains(0x5C), !sequence.contains(where: { $0 < 0x20 }) else { continue }
                    let expected = Self.isValidUTF8(sequence)
                    for prefix in [[], Array("plain text before".utf8)] {
                        let text = [0x22] + prefix + sequence + [0x22]
                        #expect(JSONSyntax.isValid(text) == expected, "\(sequence)")
                        #expect((JSONSyntax.validate(text) == nil) == expected, "scanner: \(sequence)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 300_000)
    }

    /// The standard library's strict UTF-8 decoder (no overlongs, no surrogates, nothing above
    /// U+10FFFF), available on every platform the package supports.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    @Test("deep nesting is an error past the limit, never a crash")
    func deepNesting() {
        let deep = [UInt8](repeating: JSONByte.openBracket, count: 100_000)
        #expect(JSONSyntax.validate(deep) == JSONSyntaxError(message: "nesting deeper than 512 levels", offset: 512))
        let objects = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        #expect(JSONSyntax.validate(objects)?.message == "nesting deeper than 512 levels")
        let atLimit = Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
        #expect(JSONSyntax.validate(atLimit) == nil)
        let overLimit = Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8)
        #expect(JSONSyntax.validate(overLimit) != nil)
    }

    @Test("literals and \\u escapes, compared a word at a time, reject every near miss (the fast validator alone)")
    func literalAndHexNearMisses() {
        for word in ["true", "false", "null"] {
            let bytes = Array(word.utf8)
            #expect(JSONSyntax.isValid(bytes), "\(word)")
            #expect(JSONSyntax.isValid(Array("[\(word),\(word)]".utf8)), "\(word)")
            for length in 0..<bytes.count {
                #expect(!JSONSyntax.isValid(Array(bytes[..<length])), "prefix \(length) of \(word)")
            }
            for position in bytes.indices {
                for replacement: UInt8 in [0x20, 0x45, 0x65, bytes[position] ^ 0x20, bytes[position] &+ 1] where replacement != bytes[position] {
                    var changed = bytes
                    changed[position] = replacement
                    #expect(!JSONSyntax.isValid(changed), "\(changed) from \(word)")
                }
            }
            #expect(!JSONSyntax.isValid(bytes + [0x65]), "\(word)e")
        }
        // The edges of each hex digit range, in each of the four positions.
        for digit in Array("09afAF".utf8) {
            for position in 0..<4 {
                var escape = Array("\"\\u0000\"".utf8)
                escape[3 + position] = digit
                #expect(JSONSyntax.isValid(escape), "\(escape)")
            }
        }
        for notDigit in Array("/:@G`g \"".utf8) {
            for position in 0..<4 {
                var escape = Array("\"\\u0000\"".utf8)
                escape[3 + position] = notDigit
                #expect(!JSONSyntax.isValid(escape), "\(escape)")
            }
        }
    }

    @Test("the word-at-a-time string skips stop where a byte-at-a-time scan does, for every pair of byte values")
    func wordSkipsAgreeWithByteScan() {
        // Any two byte values at any two places in a word, among plain filler, with a second
        // word after it: the skip must pass over plain bytes only and stop at the first byte
        // that ends plain content (quote, backslash, control, non-ASCII), or short of it before
        // the last partial word; a borrow from one byte must not make a later one stop it.
        func endsPlain(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }
        func endsQuote(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C }
        func agrees(_ skipped: Int, _ expected: Int, count: Int) -> Bool {
            skipped == expected || (skipped < expected && skipped &+ 8 > count)
        }
        var failures: [String] = []
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 13)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            for first in 0..<7 {
                for second in (first + 1)..<8 {
                    for a in UInt8.min...UInt8.max {
                        buffer[first] = a
                        for b in UInt8.min...UInt8.max {
                            buffer[second] = b
                            let plainEnd = endsPlain(a) ? first : endsPlain(b) ? second : count
                            let quoteEnd = endsQuote(a) ? first : endsQuote(b) ? second : count
                            let plain = JSONByte.skipPlainString(UnsafePointer(base), count, from: 0)
                            let quote = JSONByte.skipToQuoteOrBackslash(UnsafePointer(base), count, from: 0)
                            if !(agrees(plain, plainEnd, count: count) && agrees(quote, quoteEnd, count: count)), failures.count < 5 {
                                failures.append("\(Array(buffer)): skipped to \(plain) and \(quote)")
                            }
                        }
                    }
                    buffer[first] = UInt8(ascii: "a")
                    buffer[second] = UInt8(ascii: "a")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("every control character in a string is rejected, every escape form accepted")
    func controlCharacters() {
        for byte in UInt8(0)..<0x20 {
            #expect(JSONSyntax.validate([0x22, 0x61, byte, 0x22]) != nil)
            let escaped = JSONText.quotedBytes(String(UnicodeScalar(byte)))
            #expect(JSONSyntax.validate(escaped) == nil)
        }
    }

    @Test("random single-byte mutations: whatever we accept, Foundation parses too")
    func mutationsAgreeWithFoundation() {
        var generator = SeededGenerator(seed: 7)
        let seed = Array("{\"a\":[1,2.5e3,-0,\"x\\u00e9y\",true,null],\"b\":{\"c\":\"d\"}}".utf8)
        let alphabet = Array("{}[],:\"\\0123456789.eE+-tfnul aé".utf8)
        for _ in 0..<3000 {
            var bytes = seed
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[position] = alphabet.randomElement(using: &generator) ?? 0
            case 1: bytes.remove(at: position)
            default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: position)
            }
            if JSONSyntax.validate(bytes) == nil {
                #expect(FoundationJSON.parse(bytes) != nil, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
