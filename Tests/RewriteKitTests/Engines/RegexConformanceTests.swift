import Foundation
@testable import RewriteKit
import Testing

/// RE2's answers from the regex engine: the cases of RE2's `re2-search.txt` and the AT&T
/// POSIX files (`basic.dat`, `nullsubexpr.dat`, `repetition.dat`) with RE2's leftmost-first
/// match as the oracle (`../shared/conformance-data/regex-cases.jsonl`). Inside the
/// documented dialect every case must give RE2's spans, groups included; outside it a
/// regex is either refused with a syntax error or gives RE2's answer.
@Suite("Regex conformance with RE2")
struct RegexConformanceTests {
    static let casesFile = SharedData.url("conformance-data/regex-cases.jsonl")

    struct Case: Decodable {
        let id: String
        let regex: String
        let text: String?
        let expected: [[Int]?]?
        let dialect: String
        let source: String
        let exclude: String?
    }

    /// What the engine made of one case, in UTF-8 byte offsets as RE2 reports them.
    enum Outcome: Equatable {
        case refused(String)
        case noMatch
        case match([[Int]?])
        case gaveUp
    }

    static func run(_ regex: String, on text: String) -> Outcome {
        let compiled: SafeRegex
        do {
            compiled = try SafeRegex(pattern: regex)
        } catch {
            return .refused(error.message)
        }
        return run(regex, on: text, compiled: compiled)
    }

    static func run(_ regex: String, on text: String, compiled: SafeRegex) -> Outcome {
        guard let match = try? compiled.firstMatch(in: text) else {
            return (try? compiled.matches(text)) == nil ? .gaveUp : .noMatch
        }
        // Scalar offsets to UTF-8 byte offsets.
        var byteOffsets = [0]
        for scalar in text.unicodeScalars { byteOffsets.append(byteOffsets[byteOffsets.count - 1] + UTF8.width(scalar)) }
        return .match(match.scalarRanges.map { range in range.map { [byteOffsets[$0.lowerBound], byteOffsets[$0.upperBound]] } })
    }

    static func expectedOutcome(_ testCase: Case) -> Outcome {
        guard let spans = testCase.expected else { return .noMatch }
        return .match(spans)
    }

    @Test(
        "every case gives RE2's answer inside the dialect, and RE2's answer or a refusal outside it",
        .enabled(if: casesFile != nil, "../shared/conformance-data is absent here; CI has it"))
    func conformance() throws {
        let url = try #require(Self.casesFile)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let decoder = JSONDecoder()
        var counts: [String: Int] = [:]
        var wrong: [String] = []
        for line in lines {
            let testCase = try decoder.decode(Case.self, from: Data(line.utf8))
            guard testCase.exclude == nil, let text = testCase.text else {
                counts["excluded", default: 0] += 1
                continue
            }
            let got = Self.run(testCase.regex, on: text)
            let expected = Self.expectedOutcome(testCase)
            let inDialect = testCase.dialect == "in"
            switch got {
            case expected:
                counts[inDialect ? "right" : "right outside the dialect", default: 0] += 1
            case .refused where !inDialect:
                counts["refused outside the dialect", default: 0] += 1
            default:
                counts["wrong", default: 0] += 1
                wrong.append("\(testCase.id) \(testCase.source) /\(testCase.regex)/ on \(String(reflecting: text)): got \(got), RE2 \(expected)")
            }
        }
        print("regex conformance: \(counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
        #expect(wrong.isEmpty, "\(wrong.count) cases differ from RE2:\n\(wrong.prefix(40).joined(separator: "\n"))")
        #expect(counts["right", default: 0] > 1_000, "the file was read: \(counts)")
    }
}
