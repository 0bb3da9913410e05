import Foundation
@testable import RewriteKit
import RewriteTestSupport
import Testing

/// RE2's exhaustive search file (`re2-exhaustive.txt.gz`, from RE2's `make log`, as Go and
/// RE2/J test with it): every regex over small alphabets against every short string, with
/// RE2's leftmost-first partial match as the oracle. A regex the engine accepts must give
/// RE2's spans, groups included; one it refuses is outside the dialect.
///
/// The whole file is 4.96 million pairs of 107,012 regexes. A plain `swift test` checks
/// every 40th regex against all its strings; CI runs all of them in a step of its own:
/// `REWRITEKIT_REGEX_SAMPLE=1 swift test --skip-build --filter RegexExhaustiveTests`. The
/// work runs off Swift's cooperative thread pool, so async tests beside it are not starved.
@Suite("Regex conformance with RE2's exhaustive file")
struct RegexExhaustiveTests {
    static let file = SharedData.url("conformance-data/go-regexp/re2-exhaustive.txt.gz")

    /// Every how manyth regex is checked (against all its strings).
    static let sample = ProcessInfo.processInfo.environment["REWRITEKIT_REGEX_SAMPLE"].flatMap(Int.init).map { max(1, $0) } ?? 40

    @Test(
        "every regex the engine accepts gives RE2's leftmost-first match",
        .enabled(if: file != nil, "../shared/conformance-data is absent here; CI has it"))
    func exhaustive() async throws {
        let url = try #require(Self.file)
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Summary, Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try Self.check(url) }) }
        }
        print(result.line)
        #expect(result.wrong == 0, "\(result.wrong) pairs differ from RE2, among them:\n\(result.examples.joined(separator: "\n"))")
        #expect(result.accepted > 1_000 && result.pairs > 10_000, "the file was read")
    }

    /// What one run found.
    struct Summary: Sendable {
        var line: String
        var wrong: Int
        var examples: [String]
        var accepted: Int
        var pairs: Int
    }

    /// Checks the sampled regexes of the file against RE2's answers.
    static func check(_ url: URL) throws -> Summary {
        let text = try Self.gunzip(url)
        var regexIndex = 0
        var strings: [String?] = []
        var inStrings = false
        var regex: SafeRegex?
        var regexText = ""
        var refused = 0, accepted = 0, pairs = 0, right = 0, skipped = 0, insideCharacter = 0
        var stringIndex = 0
        var wrong = 0
        var examples: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.utf8.first else { continue }
            switch first {
            case UInt8(ascii: "#"):
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                continue  // a test's name
            case UInt8(ascii: "\""):
                let unquoted = Self.unquote(line)
                if inStrings {
                    strings.append(unquoted)
                    continue
                }
                regexText = unquoted ?? ""
                stringIndex = 0
                regexIndex += 1
                guard regexIndex % Self.sample == 0 else {
                    regex = nil
                    continue
                }
                do {
                    regex = try SafeRegex(pattern: regexText)
                    accepted += 1
                } catch {
                    regex = nil
                    refused += 1
                }
            case UInt8(ascii: "s") where line == "strings":
                strings = []
                inStrings = true
            case UInt8(ascii: "r") where line == "regexps":
                inStrings = false
            default:
                // One result line per string: full;partial;longest full;longest partial.
                defer { stringIndex += 1 }
                guard let regex, stringIndex < strings.count else { continue }
                guard let subject = strings[stringIndex] else {
                    skipped += 1  // not UTF-8: a String cannot hold it
                    continue
                }
                let results = line.split(separator: ";", omittingEmptySubsequences: false)
                guard results.count == 4 else { continue }
                pairs += 1
                let expected = Self.spans(results[1])
                let got = RegexConformanceTests.run(regexText, on: subject, compiled: regex)
                if got == expected {
                    right += 1
                } else if !Self.isOnScalarBoundaries(expected, of: subject) {
                    // RE2 searches bytes, and answers `\B` between two bytes of one UTF-8
                    // character; a String has no such position, and the engine searches scalars.
                    insideCharacter += 1
                } else {
                    wrong += 1
                    if examples.count < 40 { examples.append("/\(regexText)/ on \(String(reflecting: subject)): got \(got), RE2 \(expected)") }
                }
            }
        }
        let line = "regex exhaustive (every \(Self.sample == 1 ? "" : "\(Self.sample)th ")regex): \(accepted) regexes accepted, "
            + "\(refused) refused; \(pairs) pairs, \(right) right, \(wrong) wrong, "
            + "\(insideCharacter) where RE2 answers inside a UTF-8 character, \(skipped) not UTF-8"
        return Summary(line: line, wrong: wrong, examples: examples, accepted: accepted, pairs: pairs)
    }

    /// Whether every offset of `outcome` falls between two scalars of `text` (in UTF-8 bytes).
    static func isOnScalarBoundaries(_ outcome: RegexConformanceTests.Outcome, of text: String) -> Bool {
        guard case .match(let spans) = outcome else { return true }
        var boundaries: Set<Int> = [0]
        var offset = 0
        for scalar in text.unicodeScalars {
            offset += UTF8.width(scalar)
            boundaries.insert(offset)
        }
        return spans.allSatisfy { span in span.map { $0.allSatisfy(boundaries.contains) } ?? true }
    }

    /// One result: `-` (no match) or space-separated `a-b` spans, `-` for a group that did not take part.
    static func spans(_ result: Substring) -> RegexConformanceTests.Outcome {
        guard result != "-" else { return .noMatch }
        return .match(result.split(separator: " ").map { span -> [Int]? in
            let parts = span.split(separator: "-")
            guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]) else { return nil }
            return [start, end]
        })
    }

    /// A Go-quoted string (`strconv.Quote`): its text, or nil when its bytes are not UTF-8.
    static func unquote(_ quoted: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(quoted.utf8.dropFirst().dropLast()).makeIterator()
        func hex(_ count: Int) -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let byte = iterator.next(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "x"): bytes.append(UInt8(hex(2) ?? 0))
            case UInt8(ascii: "u"): bytes.append(contentsOf: Self.utf8(hex(4)))
            case UInt8(ascii: "U"): bytes.append(contentsOf: Self.utf8(hex(8)))
            case let other?: bytes.append(other)
            case nil: break
            }
        }
        return String(strictUTF8: bytes)
    }

    private static func utf8(_ value: UInt32?) -> [UInt8] {
        guard let value, let scalar = Unicode.Scalar(value) else { return [] }
        return Array(String(Character(scalar)).utf8)
    }

    /// The file's text (`gzip -dc`: Foundation has no inflate).
    static func gunzip(_ url: URL) throws -> String {
        #if os(macOS) || os(Linux)
        let run = try SpawnedProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["gzip", "-dc", url.path])
        return String(decoding: run.output, as: UTF8.self)
        #else
        return ""  // iOS, tvOS and watchOS cannot start processes
        #endif
    }
}
