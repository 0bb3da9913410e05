import Testing
@testable import RewriteKit

@Suite("JSONEditor actions")
struct JSONEditorTests {
    /// Runs an edit expected to succeed and returns the output text.
    func edited(_ result: JSONEditResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard case .edited(let bytes) = result else {
            Issue.record("expected an edit, got \(result)", sourceLocation: sourceLocation)
            return ""
        }
        #expect(JSONSyntax.validate(bytes) == nil, sourceLocation: sourceLocation)
        return String(decoding: bytes, as: UTF8.self)
    }

    func path(_ text: String) -> JSONPath { (try? JSONPath.parse(text)) ?? .root }

    @Test("wrap keeps the body's bytes and escapes the key")
    func wrap() {
        #expect(edited(JSONEditor.wrap(Array(json: " [1, 2.0E+2]\n"), key: "data")) == "{\"data\":[1, 2.0E+2]}")
        #expect(edited(JSONEditor.wrap(Array(json: "\"x\""), key: "a\"b\n")) == "{\"a\\\"b\\n\":\"x\"}")
        #expect(edited(JSONEditor.wrap(Array(json: "{ \"k\" : \"\\u00e9\" }"), key: "d")) == "{\"d\":{ \"k\" : \"\\u00e9\" }}")
        #expect(FoundationJSON.parse(Array(json: edited(JSONEditor.wrap(Array(json: "{\"a\":1}"), key: "r"))))
            == FoundationJSON.parse("{\"r\":{\"a\":1}}"))
    }

    @Test("inject replaces an existing value in place")
    func injectReplace() {
        let body = Array(json: "{ \"user\" : { \"id\" : 7, \"n\": 1.0E+2 }, \"x\": [1,2] }")
        #expect(edited(JSONEditor.inject(body, path: path("user.id"), value: Array(json: " 42 ")))
            == "{ \"user\" : { \"id\" : 42, \"n\": 1.0E+2 }, \"x\": [1,2] }")
        #expect(edited(JSONEditor.inject(body, path: path("x[1]"), value: Array(json: "{\"z\":null}")))
            == "{ \"user\" : { \"id\" : 7, \"n\": 1.0E+2 }, \"x\": [1,{\"z\":null}] }")
    }

    @Test("inject inserts missing members and creates intermediate objects")
    func injectInsert() {
        #expect(edited(JSONEditor.inject(Array(json: "{\"a\":1}"), path: path("b"), value: Array(json: "true")))
            == "{\"a\":1,\"b\":true}")
        #expect(edited(JSONEditor.inject(Array(json: "{ }"), path: path("b"), value: Array(json: "1")))
            == "{ \"b\":1}")
        #expect(edited(JSONEditor.inject(Array(json: "{\n  \"a\": {}\n}"), path: path("a.k1.k2.k3"), value: Array(json: "\"v\"")))
            == "{\n  \"a\": {\"k1\":{\"k2\":{\"k3\":\"v\"}}}\n}")
        #expect(edited(JSONEditor.inject(Array(json: "[{\"a\":1}]"), path: path("[0].b"), value: Array(json: "2")))
            == "[{\"a\":1,\"b\":2}]")
        #expect(edited(JSONEditor.inject(Array(json: "{}"), path: path("[\"x.y\"]"), value: Array(json: "[]")))
            == "{\"x.y\":[]}")
    }

    @Test("inject acts on the last of duplicate keys")
    func injectDuplicate() {
        #expect(edited(JSONEditor.inject(Array(json: "{\"a\":1,\"a\":2}"), path: path("a"), value: Array(json: "3")))
            == "{\"a\":1,\"a\":3}")
        #expect(edited(JSONEditor.inject(Array(json: "{\"\\u0061\":1}"), path: path("a"), value: Array(json: "3")))
            == "{\"\\u0061\":3}")
    }

    @Test("keys are compared decoded: escapes, surrogate pairs, a backslash in the key itself")
    func injectEscapedKeys() {
        // Written 12 bytes long, decoded 4 (one emoji): found, and the later plain duplicate wins.
        #expect(edited(JSONEditor.inject(Array(json: #"{"\ud83d\ude00":1,"😀":2}"#), path: path(#"["😀"]"#), value: Array(json: "3")))
            == #"{"\ud83d\ude00":1,"😀":3}"#)
        #expect(edited(JSONEditor.inject(Array(json: #"{"caf\u00e9":1,"x":2}"#), path: path(#"["café"]"#), value: Array(json: "3")))
            == #"{"caf\u00e9":3,"x":2}"#)
        // `a\nb` written in the body is a, newline, b: not the four characters of the
        // path's key, which the body writes as `a\\nb`.
        #expect(edited(JSONEditor.inject(Array(json: #"{"a\nb":1}"#), path: path(#"["a\\nb"]"#), value: Array(json: "3")))
            == #"{"a\nb":1,"a\\nb":3}"#)
        #expect(edited(JSONEditor.inject(Array(json: #"{"a\\nb":1}"#), path: path(#"["a\\nb"]"#), value: Array(json: "3")))
            == #"{"a\\nb":3}"#)
        // Shorter siblings than the key are passed over; the key is then appended.
        #expect(edited(JSONEditor.inject(Array(json: #"{"p":1,"pr":2}"#), path: path("proxied_by"), value: Array(json: "3")))
            == #"{"p":1,"pr":2,"proxied_by":3}"#)
    }

    @Test("inject reports why it cannot apply")
    func injectFailures() {
        let body = Array(json: "{\"user\":\"bob\",\"items\":[1,2,3],\"n\":null}")
        let cases: [(String, String, String)] = [
            ("user.id", "1", "'user' is a string, not an object"),
            ("items[3]", "1", "no element [3] in 'items'"),
            ("items.x", "1", "'items' is an array, not an object"),
            ("n.x", "1", "'n' is null, not an object"),
            ("user[0]", "1", "'user' is a string, not an array"),
            ("missing[0]", "1", "cannot create 'missing[0]': array elements under '$' are never created"),
            ("$", "1", "path '$' names the whole body; inject needs a member path"),
            ("a", "{", "value is not valid JSON: expected string key or '}' at start of object, found end of input at byte 1"),
        ]
        for (text, value, reason) in cases {
            #expect(JSONEditor.inject(body, path: path(text), value: Array(json: value)) == .unchanged(reason: reason))
        }
        #expect(JSONEditor.inject(Array(json: "[1]"), path: path("a"), value: Array(json: "1"))
            == .unchanged(reason: "body is not a JSON object"))
        #expect(JSONEditor.inject(Array(json: "{\"a\":1,}"), path: path("a"), value: Array(json: "1"))
            == .unchanged(reason: "body is not valid JSON: expected string key after ',' in object, found '}' at byte 7"))
    }

    @Test("remove deletes the member and exactly one comma")
    func remove() {
        let cases: [(String, String, String)] = [
            ("{\"a\":1, \"b\":2}", "a", "{\"b\":2}"),
            ("{\"a\":1, \"b\":2}", "b", "{\"a\":1}"),
            ("{\"a\":1, \"b\":2, \"c\":3}", "b", "{\"a\":1, \"c\":3}"),
            ("{ \"a\" : 1 }", "a", "{}"),
            ("{\n  \"a\": 1,\n  \"b\": 2\n}", "b", "{\n  \"a\": 1\n}"),
            ("{\"u\":{\"id\":1,\"n\":\"x\"}}", "u.id", "{\"u\":{\"n\":\"x\"}}"),
            ("[1, 2, 3]", "[1]", "[1, 3]"),
            ("[1, 2, 3]", "[2]", "[1, 2]"),
            ("[ 1 ]", "[0]", "[]"),
            ("{\"a\":1,\"x\":0,\"a\":2}", "a", "{\"x\":0}"),
            ("{\"items\":[{\"k\":1},{\"k\":2}]}", "items[1].k", "{\"items\":[{\"k\":1},{}]}"),
        ]
        for (body, text, expected) in cases {
            #expect(edited(JSONEditor.remove(Array(json: body), path: path(text))) == expected, "\(body) - \(text)")
        }
    }

    @Test("remove leaves missing paths and invalid bodies unchanged")
    func removeFailures() {
        let body = Array(json: "{\"user\":{\"name\":\"x\"},\"items\":[1]}")
        #expect(JSONEditor.remove(body, path: path("user.id")) == .unchanged(reason: "'user.id' not found"))
        #expect(JSONEditor.remove(body, path: path("nope.id")) == .unchanged(reason: "'nope' not found"))
        #expect(JSONEditor.remove(body, path: path("items[3]")) == .unchanged(reason: "no element [3] in 'items'"))
        #expect(JSONEditor.remove(body, path: path("user.name.x")) == .unchanged(reason: "'user.name' is a string, not an object"))
        #expect(JSONEditor.remove(Array(json: "\"s\""), path: path("a")) == .unchanged(reason: "body is not a JSON object"))
        #expect(JSONEditor.remove(Array(json: "{\"a\":1}"), path: path("[0]")) == .unchanged(reason: "body is not a JSON array"))
        #expect(JSONEditor.remove(Array(json: "{\"a\":01}"), path: path("a"))
            == .unchanged(reason: "body is not valid JSON: leading zeros are not allowed in numbers at byte 5"))
    }

    @Test("invalid bodies come back unchanged for every action", arguments: ["", "{", "{\"a\":1,}", "[1,]", "nul", "\"\\ud800"])
    func invalidBodies(_ text: String) {
        let body = Array(json: text)
        let results = [
            JSONEditor.wrap(body, key: "k"),
            JSONEditor.inject(body, path: path("a"), value: Array(json: "1")),
            JSONEditor.remove(body, path: path("a")),
        ]
        for result in results {
            #expect(result.editedBytes == nil)
            #expect(result.reason?.hasPrefix("body is not valid JSON: ") == true)
            #expect(result.bytes(orOriginal: body) == body)
        }
    }
}
