import Testing
@testable import RewriteKit

@Suite("JSONPath parsing")
struct JSONPathTests {
    static let valid: [(text: String, components: [JSONPath.Component], description: String)] = [
        ("user.id", [.key("user"), .key("id")], "user.id"),
        ("items[0].name", [.key("items"), .index(0), .key("name")], "items[0].name"),
        ("$.a.b", [.key("a"), .key("b")], "a.b"),
        ("$", [], "$"),
        ("$[2]", [.index(2)], "[2]"),
        ("[1][0]", [.index(1), .index(0)], "[1][0]"),
        ("a[\"weird key\"]", [.key("a"), .key("weird key")], "a[\"weird key\"]"),
        ("[\"x.y\"]", [.key("x.y")], "[\"x.y\"]"),
        ("['it\\'s']", [.key("it's")], "[\"it's\"]"),
        ("[\"q\\\"\\u00e9\"]", [.key("q\"é")], "[\"q\\\"é\"]"),
        ("$ref", [.key("$ref")], "$ref"),
        ("[\"$\"]", [.key("$")], "[\"$\"]"),
        ("items.0", [.key("items"), .key("0")], "items.0"),
        ("données.clé-1", [.key("données"), .key("clé-1")], "données.clé-1"),
    ]

    static let invalid: [(text: String, message: String)] = [
        ("", "empty path"),
        ("a..b", "expected a key after '.', found '.' in path 'a..b'"),
        ("a.", "expected a key after '.', found end of path in path 'a.'"),
        (".a", "expected a key, found '.' in path '.a'"),
        ("a[", "expected an index or a quoted key after '[' in path 'a['"),
        ("a[1", "expected ']' in path 'a[1'"),
        ("a[-1]", "array index must not be negative in path 'a[-1]'"),
        ("a[01]", "array index must not have leading zeros in path 'a[01]'"),
        ("a[x]", "expected an index or a quoted key after '[', found 'x' in path 'a[x]'"),
        ("a[\"b]", "unterminated quoted key in path 'a[\"b]'"),
        ("a b", "expected '.' or '[', found space in path 'a b'"),
        ("a[99999999999999999999]", "array index is too large in path 'a[99999999999999999999]'"),
        ("a[\"\\x\"]", "invalid quoted key: invalid escape '\\x' in string in path 'a[\"\\x\"]'"),
    ]

    @Test("parses and prints back", arguments: valid)
    func parses(_ text: String, components: [JSONPath.Component], description: String) throws {
        let path = try JSONPath.parse(text)
        #expect(path.components == components)
        #expect(path.description == description)
        #expect(try JSONPath.parse(path.description) == path, "description round-trips")
    }

    @Test("rejects malformed paths", arguments: invalid)
    func rejects(_ text: String, message: String) {
        #expect(throws: JSONPathError(message: message)) { try JSONPath.parse(text) }
    }
}
