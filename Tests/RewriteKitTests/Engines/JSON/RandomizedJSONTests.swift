import RewriteTestSupport
import Testing
@testable import RewriteKit

/// A randomly generated document: logical structure plus one concrete spelling of it.
indirect enum RandomTree {
    case leaf(String)
    case array([RandomTree])
    case object([(key: String, value: RandomTree)])

    static let keyPool = ["id", "name", "a", "b", "é", "😀", "x y", "q\"t", "back\\slash", "tab\t", "dotted.key", "$"]
    static let stringPool = ["", "plain", "é中😀", "line\nbreak", "quote\"", "\u{1}", "a long string of plain ascii text"]
    static let numberPool = ["0", "-0", "1", "-17", "12345678901234567890", "1.0E+2", "3.25", "-0.5e-3", "1e308", "2E10"]

    /// A random tree of at most `depth` levels.
    static func make(_ g: inout SeededGenerator, depth: Int) -> RandomTree {
        let roll = Int.random(in: 0..<10, using: &g)
        if depth == 0 || roll < 4 {
            switch Int.random(in: 0..<5, using: &g) {
            case 0: return .leaf(numberPool.randomElement(using: &g) ?? "0")
            case 1: return .leaf(["true", "false", "null"].randomElement(using: &g) ?? "null")
            default: return .leaf(spell(stringPool.randomElement(using: &g) ?? "", &g))
            }
        }
        let count = Int.random(in: 0..<5, using: &g)
        if roll < 7 {
            return .array((0..<count).map { _ in make(&g, depth: depth - 1) })
        }
        var keys = keyPool.shuffled(using: &g).prefix(count)
        keys.shuffle(using: &g)
        return .object(keys.map { ($0, make(&g, depth: depth - 1)) })
    }

    /// A JSON string literal for `s`, sometimes with gratuitous `\u` and `\/` escapes.
    static func spell(_ s: String, _ g: inout SeededGenerator) -> String {
        guard Bool.random(using: &g) else { return JSONText.quoted(s) }
        var out = "\""
        for scalar in s.unicodeScalars {
            if scalar.value > 0xFFFF {
                let v = scalar.value - 0x10000
                out += unicodeEscape(0xD800 + (v >> 10)) + unicodeEscape(0xDC00 + (v & 0x3FF))
            } else if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || scalar.value > 0x7F {
                out += unicodeEscape(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Renders with random whitespace between tokens.
    func render(_ g: inout SeededGenerator) -> String {
        func ws() -> String { ["", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &g) ?? "" }
        switch self {
        case .leaf(let text): return text
        case .array(let elements):
            return "[" + ws() + elements.map { $0.render(&g) + ws() }.joined(separator: "," + ws()) + "]"
        case .object(let members):
            return "{" + ws() + members.map { member in
                RandomTree.spell(member.key, &g) + ws() + ":" + ws() + member.value.render(&g) + ws()
            }.joined(separator: "," + ws()) + "}"
        }
    }

    /// Every path to a value in the tree.
    func paths(_ prefix: [JSONPath.Component] = []) -> [[JSONPath.Component]] {
        switch self {
        case .leaf: return [prefix]
        case .array(let elements):
            return [prefix] + elements.enumerated().flatMap { $0.element.paths(prefix + [.index($0.offset)]) }
        case .object(let members):
            return [prefix] + members.flatMap { $0.value.paths(prefix + [.key($0.key)]) }
        }
    }
}

/// `\uXXXX` for a UTF-16 unit.
func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

@Suite("Randomized documents")
struct RandomizedJSONTests {
    static let seeds: [UInt64] = Array(1...8)

    /// A random object document, its bytes and Foundation's reading of it.
    func document(_ g: inout SeededGenerator) -> (tree: RandomTree, bytes: [UInt8], oracle: FoundationJSON) {
        var tree = RandomTree.make(&g, depth: 4)
        if case .object = tree {} else { tree = .object([("root", tree), ("id", .leaf("1"))]) }
        let text = ["", " ", "\n"].randomElement(using: &g)! + tree.render(&g) + ["", "\n", "  "].randomElement(using: &g)!
        let bytes = Array(text.utf8)
        return (tree, bytes, FoundationJSON.parse(text))
    }

    @Test("validation, decoding and reading agree with Foundation", arguments: seeds)
    func readAgrees(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let (tree, bytes, oracle) = document(&g)
            #expect(JSONSyntax.validate(bytes) == nil)
            #expect((try? JSONValue.parse(bytes)).map(FoundationJSON.init) == oracle)
            for path in tree.paths() {
                let read = JSONReader.value(at: JSONPath(path), in: bytes)
                #expect(read.map(FoundationJSON.init) == oracle.value(at: path), "\(JSONPath(path))")
            }
        }
    }

    @Test("inject: expected value, single splice containing the value", arguments: seeds)
    func inject(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let (tree, bytes, oracle) = document(&g)
            var path = tree.paths().dropFirst().randomElement(using: &g) ?? []
            if Bool.random(using: &g), case .object? = oracle.value(at: path) {
                path += [.key("new")] + (Bool.random(using: &g) ? [.key("deeper")] : [])
            }
            guard !path.isEmpty else { continue }
            let value = Array("{\"injected\":[1.50,\"\\u00e9\"]}".utf8)
            guard case .edited(let output) = JSONEditor.inject(bytes, path: JSONPath(path), value: value) else {
                Issue.record("inject failed at \(JSONPath(path))")
                continue
            }
            #expect(FoundationJSON.parse(output) == oracle.setting(path, to: FoundationJSON.parse(value)), "\(JSONPath(path))")
            #expect(SpliceCheck.inserted(bytes, output).containsSequence(value) || output.containsSequence(value))
            let (prefix, suffix) = SpliceCheck.commonEnds(bytes, output)
            #expect(output.count - prefix - suffix <= value.count + 40, "one contiguous edit")
        }
    }

    @Test("remove: expected value, output is the input minus one contiguous range", arguments: seeds)
    func remove(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let (tree, bytes, oracle) = document(&g)
            guard let path = tree.paths().dropFirst().randomElement(using: &g) else { continue }
            guard case .edited(let output) = JSONEditor.remove(bytes, path: JSONPath(path)) else {
                Issue.record("remove failed at \(JSONPath(path))")
                continue
            }
            #expect(FoundationJSON.parse(output) == oracle.setting(path, to: nil), "\(JSONPath(path))")
            let (prefix, suffix) = SpliceCheck.commonEnds(bytes, output)
            #expect(prefix + suffix == output.count, "nothing but a deletion")
        }
    }

    @Test("wrap: output is the trimmed body inside one member", arguments: seeds)
    func wrap(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let (_, bytes, oracle) = document(&g)
            guard case .edited(let output) = JSONEditor.wrap(bytes, key: "wrapped \"key\"") else {
                Issue.record("wrap failed")
                continue
            }
            #expect(FoundationJSON.parse(output) == .object(["wrapped \"key\"": oracle]))
            let trimmed = Array(bytes[JSONEditor.trimmed(bytes)])
            #expect(Array(output[(output.count - trimmed.count - 1)..<(output.count - 1)]) == trimmed)
        }
    }

    @Test("truncated and corrupted documents come back unchanged", arguments: seeds)
    func corrupted(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let (_, bytes, _) = document(&g)
            let cut = Array(bytes[..<JSONEditor.trimmed(bytes).upperBound].dropLast())
            for body in [cut, bytes + Array(",".utf8), [JSONByte.comma] + bytes] {
                let results = [
                    JSONEditor.wrap(body, key: "k"),
                    JSONEditor.inject(body, path: JSONPath([.key("id")]), value: Array("1".utf8)),
                    JSONEditor.remove(body, path: JSONPath([.key("id")])),
                ]
                for result in results { #expect(result.bytes(orOriginal: body) == body) }
            }
        }
    }

    /// The fast validator and the detailed scanner must agree on every input: the scanner
    /// only runs to explain a "no". Checked on documents and on every single-byte mutation
    /// of their first 200 bytes into a byte that matters to JSON.
    @Test("the fast validator and the detailed scanner agree", arguments: seeds)
    func validatorAgreesWithScanner(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let replacements: [UInt8] = Array("\"\\{}[],:0-.eE+ \tntfu\u{0}".utf8) + [0x7F, 0x80, 0xC0, 0xE0, 0xED, 0xF0, 0xF4, 0xFF]
        for _ in 0..<20 {
            let (_, bytes, _) = document(&g)
            for position in bytes.indices.prefix(200) {
                var mutated = bytes
                mutated[position] = replacements.randomElement(using: &g) ?? 0x22
                let fast = mutated.withUnsafeBufferPointer { JSONValidator.validate($0).isValid }
                let detailed = mutated.withUnsafeBufferPointer { JSONSyntax.diagnose($0) } == nil
                let verdictOnly = mutated.withUnsafeBufferPointer { JSONValidator.isValid($0) }
                #expect(fast == detailed, "\(String(decoding: mutated, as: UTF8.self))")
                #expect(verdictOnly == fast, "\(String(decoding: mutated, as: UTF8.self))")
            }
        }
    }

    /// Lookups that step over large containers through the ends validation recorded find
    /// what a scan finds.
    @Test func recordedContainerEndsGiveTheSameLookups() throws {
        let big = "[" + (0..<2_000).map { "{\"n\":\($0),\"s\":\"x\\\"]}\"}" }.joined(separator: ",") + "]"
        let text = "{\"a\":\(big),\"b\":{\"c\":\(big),\"d\":[1,2]},\"e\":\"end\"}"
        let document = try JSONDocument(validating: Array(text.utf8))
        let unindexed = JSONDocument(trusted: Array(text.utf8))
        for path in ["e", "b.d[1]", "a[1999].n", "b.c[5].s", "b.d"] {
            let parsed = try JSONPath.parse(path)
            #expect(document.value(at: parsed) != nil, "\(path)")
            #expect(document.value(at: parsed) == unindexed.value(at: parsed), "\(path)")
        }
    }
}
