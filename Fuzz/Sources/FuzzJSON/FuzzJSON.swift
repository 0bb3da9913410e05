import Foundation
import FuzzSupport
import RewriteKit

/// Any bytes as a request body through `wrap-json`, `inject-json` and `remove-json`:
/// the body comes out byte-identical (not JSON, or not the shape the action needs) or
/// as valid JSON carrying exactly the edit, with everything else unchanged.
@main
enum FuzzJSON {
    static func main() {
        _ = pipeline
        Fuzzer.run(fuzzJSONTestOneInput)
    }

    static let rules = """
        rule "wrap" {
            when path == "/wrap"
            request { wrap-json "w" }
        }
        rule "inject" {
            when path == "/inject"
            request { inject-json "a.b" 1 }
        }
        rule "remove" {
            when path == "/remove"
            request { remove-json "x" }
        }
        """

    static let pipeline: Pipeline = {
        do {
            return Pipeline(ruleSets: [try RuleSet(rules: rules, name: "fuzz-json.rules")])
        } catch {
            Fuzzer.fail("the fuzz rules do not compile: \(error)")
        }
    }()

    enum Action: String, CaseIterable {
        case wrap, inject, remove
    }

    static func check(_ body: [UInt8]) {
        let input = parse(body)
        for action in Action.allCases {
            guard let request = HTTPRequest(
                method: "POST", url: "https://fuzz.example/\(action.rawValue)",
                headers: ["Content-Type": "application/json"], body: body)
            else { Fuzzer.fail("request URL does not parse") }
            let output = pipeline.processRequest(request).request.body ?? []
            if output == body { continue }
            if let input {
                guard let edited = parse(output) else { Fuzzer.fail("\(action): the output is not valid JSON") }
                verify(action, input: input, output: edited)
                continue
            }
            // RFC 8259 lets a parser limit number range; JSONSerialization rejects numbers
            // that overflow a Double (`9e355`). Compare with such numbers tamed, alike on both sides.
            guard let tamedInput = parse(tameNumbers(body)) else {
                Fuzzer.fail("\(action): changed a body that is not JSON")
            }
            guard let edited = parse(tameNumbers(output)) else { Fuzzer.fail("\(action): the output is not valid JSON") }
            verify(action, input: tamedInput, output: edited)
        }
    }

    /// The expected edit, and nothing else changed.
    static func verify(_ action: Action, input: Any, output: Any) {
        guard let result = output as? [String: Any] else { Fuzzer.fail("\(action): the output is not an object") }
        switch action {
        case .wrap:
            guard result.count == 1, let wrapped = result["w"], same(wrapped, input) else {
                Fuzzer.fail("wrap: the output is not {\"w\": input}")
            }
        case .inject:
            guard let original = input as? [String: Any] else { Fuzzer.fail("inject: edited a non-object") }
            guard let a = result["a"] as? [String: Any], let b = a["b"] as? NSNumber, b == 1 else {
                Fuzzer.fail("inject: a.b is not 1")
            }
            expectUnchanged(original, result, except: "a", action)
            if let originalA = original["a"] as? [String: Any] {
                expectUnchanged(originalA, a, except: "b", action)
            } else if original["a"] != nil {
                Fuzzer.fail("inject: replaced a non-object \"a\"")
            } else if a.count != 1 {
                Fuzzer.fail("inject: a new \"a\" has more than \"b\"")
            }
        case .remove:
            guard let original = input as? [String: Any] else { Fuzzer.fail("remove: edited a non-object") }
            guard result["x"] == nil else { Fuzzer.fail("remove: \"x\" is still there") }
            guard original["x"] != nil else { Fuzzer.fail("remove: changed an object without \"x\"") }
            expectUnchanged(original, result, except: "x", action)
        }
    }

    static func expectUnchanged(_ before: [String: Any], _ after: [String: Any], except key: String, _ action: Action) {
        for (name, value) in before where name != key {
            guard let kept = after[name], same(kept, value) else {
                Fuzzer.fail("\(action): member \"\(name)\" changed or went missing")
            }
        }
        for name in after.keys where name != key && before[name] == nil {
            Fuzzer.fail("\(action): member \"\(name)\" appeared")
        }
    }

    /// Outside strings, exponents become `e0` and digit runs are cut to 15 digits, so every
    /// number fits a Double; strings (escapes included) are copied as they are.
    static func tameNumbers(_ bytes: [UInt8]) -> [UInt8] {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var digitRun = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                result.append(byte)
                if byte == backslash, index + 1 < bytes.count {
                    result.append(bytes[index + 1])
                    index += 1
                } else if byte == quote {
                    inString = false
                }
                index += 1
                continue
            }
            if byte == quote { inString = true }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                var next = index + 1
                if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") { next += 1 }
                var end = next
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                if end > next {
                    result += [byte, UInt8(ascii: "0")]
                    index = end
                    digitRun = 0
                    continue
                }
            }
            digitRun = isDigit(byte) ? digitRun + 1 : 0
            if digitRun <= 15 { result.append(byte) }
            index += 1
        }
        return result
    }

    static func parse(_ bytes: [UInt8]) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(tameSurrogates(bytes)), options: [.fragmentsAllowed])
    }

    /// `bytes` with every unpaired surrogate escape (`\ud800` alone) written as `\ufffd`.
    /// RFC 8259 (section 8.2) allows unpaired surrogates and so does RewriteKit, as Apple's
    /// JSONSerialization does; swift-corelibs-foundation's refuses them, so the oracle is
    /// given the same text with them replaced, as a decoder would replace them.
    static func tameSurrogates(_ bytes: [UInt8]) -> [UInt8] {
        func unit(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                  let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
            else { return nil }
            return value
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "u") {
                result += bytes[index...(index + 1)]
                index += 2
                continue
            }
            guard let value = unit(at: index), (0xD800...0xDFFF).contains(value) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            if value < 0xDC00, let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                result += bytes[index..<(index + 12)]
                index += 12
            } else {
                result += Array("\\ufffd".utf8)
                index += 6
            }
        }
        return result
    }

    /// Structural equality of two JSONSerialization results.
    static func same(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case let (left as [String: Any], right as [String: Any]):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        case let (left as String, right as String):
            return left == right
        case let (left as NSNumber, right as NSNumber):
            return left == right
        case (is NSNull, is NSNull):
            return true
        default:
            return false
        }
    }
}

/// libFuzzer's entry point, exported under its C name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzJSON.check(Fuzzer.bytes(data, size))
    return 0
}
