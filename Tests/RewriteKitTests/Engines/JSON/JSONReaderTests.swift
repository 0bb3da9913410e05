import Foundation
import RewriteTestSupport
import Testing
@testable import RewriteKit

@Suite("JSONReader and JSONValue")
struct JSONReaderTests {
    let body = Array(json: """
        {"user": {"id": 42, "name": "Zo\\u00eb", "tags": []}, "items": [{"name": "first"}, {"name": "second", "price": 1.0E+2}],
         "flag": true, "none": null, "dup": 1, "dup": 2}
        """)

    func read(_ path: String) -> JSONValue? {
        guard let parsed = try? JSONPath.parse(path) else { return nil }
        return JSONReader.value(at: parsed, in: body)
    }

    @Test("reads values by path without decoding the rest")
    func readsValues() throws {
        #expect(read("user.id") == .number(JSONNumber(42)))
        #expect(read("user.name") == .string("Zoë"))
        #expect(read("items[1].price") == .number(JSONNumber(validated: "100")))
        #expect(read("items[1].price")?.textValue == "1.0E+2")
        #expect(read("items[0].name")?.textValue == "first")
        #expect(read("user.tags")?.textValue == "[]")
        #expect(read("flag") == .bool(true))
        #expect(read("none")?.textValue == "null")
        #expect(read("dup") == .number(JSONNumber(2)), "last duplicate wins")
        #expect(read("user")?.textValue == "{\"id\":42,\"name\":\"Zoë\",\"tags\":[]}")
        #expect(read("$")?["flag"] == .bool(true))
        #expect(read("items[2]") == nil)
        #expect(read("user.id.x") == nil)
        #expect(read("missing") == nil)
        #expect(JSONReader.value(at: .root, in: Array(json: "{\"a\":")) == nil)
        let failure = JSONReader.lookup(try JSONPath.parse("user.nope"), in: body)
        #expect(failure == .failure(JSONLocatorFailure(reason: "'user.nope' not found")))
    }

    @Test("numbers compare as decimal values")
    func numberEquality() throws {
        let equal = [("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("-0", "0"), ("0.001", "1e-3"), ("100", "1.0E+2"), ("0", "0.0e5")]
        for (a, b) in equal {
            #expect(JSONNumber(a) == JSONNumber(b), "\(a) == \(b)")
            #expect(JSONNumber(a).hashValue == JSONNumber(b).hashValue)
        }
        #expect(JSONNumber("12345678901234567890") != JSONNumber("12345678901234567891"))
        #expect(JSONNumber("1") != JSONNumber("-1"))
        #expect(JSONNumber("01") == nil)
        #expect(JSONNumber("1.5")?.double == 1.5)
    }

    @Test("objects compare regardless of key order; serialization is compact and keeps spellings")
    func valueEquality() throws {
        let a = try JSONValue.parse("{\"a\": [1, 2.0], \"b\": {\"c\": null}}")
        let b = try JSONValue.parse("{\"b\":{\"c\":null},\"a\":[1e0,2]}")
        #expect(a == b)
        #expect(a != (try JSONValue.parse("{\"a\": [2, 1], \"b\": {\"c\": null}}")))
        #expect(a.jsonText == "{\"a\":[1,2.0],\"b\":{\"c\":null}}")
        #expect(JSONValue.string("line\n\"q\"").jsonText == "\"line\\n\\\"q\\\"\"")
        #expect(JSONValue.string("plain").textValue == "plain")
        #expect(throws: JSONSyntaxError(message: "expected a value, found ']'", offset: 3)) { try JSONValue.parse("[1,]") }
        let text = "[\"\\ud83d\\ude00\",\"\\u00e9\\t\",-1.5e-3,true,false,null,{}]"
        #expect(FoundationJSON(try JSONValue.parse(text)) == FoundationJSON.parse(text))
    }

    @Test("JSONText escapes quotes, backslashes and control characters")
    func quoting() {
        #expect(JSONText.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(JSONText.quoted("\n\r\t\u{8}\u{C}\u{1}\u{1F}") == "\"\\n\\r\\t\\b\\f\\u0001\\u001f\"")
        #expect(JSONText.quoted("é😀/") == "\"é😀/\"")
        #expect(JSONText.quotedBytes("x") == Array(json: "\"x\""))
    }

    @Test("JSONText's quoting reads back as the same string, short and long, plain and escaped")
    func quotingRoundTrips() throws {
        var generator = SeededGenerator(seed: 0x51_554F_5445)
        let alphabet: [Character] = ["a", "Z", "0", " ", "/", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "😀", "東"]
        for round in 0..<2_000 {
            // Up to 40 characters: small strings (stored inline) and native ones.
            let length = Int(generator.next() % 41)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let quoted = JSONText.quotedBytes(text)
            let decoded = try JSONSerialization.jsonObject(with: Data(quoted), options: [.fragmentsAllowed]) as? String
            #expect(decoded == text, "round \(round): \(text.debugDescription)")
            #expect(JSONSyntax.validate(quoted) == nil)
        }
    }
}
