import Foundation
import RewriteTestSupport
import Testing
@testable import RewriteKit

/// A large text is validated in parts on several threads, each part after the first guessing
/// that its cut is an array element: whatever the cuts, the verdict and the container notes
/// must be those of one pass, and on the texts APIs send the guesses must hold.
@Suite("JSON validation in parts")
struct JSONValidatorPartsTests {
    /// One pass over `bytes`.
    static func whole(_ bytes: [UInt8]) -> (isValid: Bool, containerEnds: JSONContainerEnds) {
        bytes.withUnsafeBufferPointer { JSONValidator.validateWhole($0.baseAddress!, $0.count) }
    }

    /// `bytes` cut at `cuts`: `nil` when a guess did not hold.
    static func inParts(_ bytes: [UInt8], cuts: [Int]) -> (isValid: Bool, containerEnds: JSONContainerEnds)? {
        bytes.withUnsafeBufferPointer { JSONValidator.validate($0.baseAddress!, $0.count, cuts: cuts) }
    }

    /// Checks `bytes` cut at `cuts` against one pass; whether the parts' guesses held.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], cuts: [Int], _ comment: @autoclosure () -> String) -> Bool {
        let expected = whole(bytes)
        guard let parts = inParts(bytes, cuts: cuts) else { return false }
        #expect(parts.isValid == expected.isValid, "verdict, cuts \(cuts): \(comment())")
        if expected.isValid {
            #expect(parts.containerEnds == expected.containerEnds, "notes, cuts \(cuts): \(comment())")
        }
        return true
    }

    /// A page of `count` records as APIs send them, each with nested containers, escapes and
    /// non-ASCII, some holding an array of numbers over 4 KB (where a cut could land on a
    /// number); `rootIsArray` decides what holds the list.
    static func page(count: Int, rootIsArray: Bool, _ g: inout SeededGenerator) -> [UInt8] {
        let records = (0..<count).map { index -> String in
            let large = index % 7 == 3
                ? "[" + (0..<1_200).map { "\($0)" }.joined(separator: ",") + "]"
                : "[\(index), -1.5e3, true, null]"
            let name = ["Zoë", "李小龙", "plain", "tab\\tquote\\\"", "\\ud83d\\ude00"].randomElement(using: &g) ?? ""
            let space = ["", " ", "\n  "].randomElement(using: &g) ?? ""
            return #"{"id":\#(index),\#(space)"name":"\#(name)","tags":[],"nested":{"list":\#(large),"empty":{}}}"#
        }
        let list = "[" + records.joined(separator: ",") + "]"
        return Array((rootIsArray ? list : #"{"users":\#(list),"meta":{"page":1,"next":null}}"#).utf8)
    }

    @Test("cut at every offset, a page validates and notes as in one pass; at element starts the guesses hold")
    func everyCut() {
        var g = SeededGenerator(seed: 21)
        for rootIsArray in [true, false] {
            let bytes = Self.page(count: 8, rootIsArray: rootIsArray, &g)
            #expect(bytes.count > JSONValidator.recordedContainerLength)
            var held: [Int] = []
            for cut in 1..<bytes.count where Self.expectSame(bytes, cuts: [cut], "root is an array: \(rootIsArray)") {
                held.append(cut)
            }
            // Every record and every scalar of the short lists follows a comma: the guess at
            // each of them holds (and at offsets inside strings or values it must not).
            #expect(held.count >= 8 * 4, "guesses held at \(held.count) offsets")
            // Three parts: at random offsets, and at two offsets where a guess alone holds,
            // which may be elements of different arrays (the second part must then refuse).
            for round in 0..<600 {
                let cuts = round % 2 == 0
                    ? Set((0..<2).map { _ in Int.random(in: 1..<bytes.count, using: &g) }).sorted()
                    : Set((0..<2).compactMap { _ in held.randomElement(using: &g) }).sorted()
                Self.expectSame(bytes, cuts: cuts, "root is an array: \(rootIsArray)")
            }
        }
    }

    @Test("random documents, and every single-byte corruption of one, agree with one pass wherever they are cut")
    func randomDocuments() {
        var g = SeededGenerator(seed: 7)
        let replacements: [UInt8] = Array("\"\\{}[],:0-.eE+ \tntfu".utf8) + [0x00, 0x80, 0xC0, 0xED, 0xFF]
        for round in 0..<40 {
            let elements = (0..<6).map { _ in RandomTree.make(&g, depth: 4).render(&g) }
            var bytes = Array(("[" + elements.joined(separator: ",") + "]").utf8)
            if round % 2 == 1, let position = bytes.indices.randomElement(using: &g) {
                bytes[position] = replacements.randomElement(using: &g) ?? 0x22
            }
            for cut in 1..<bytes.count {
                Self.expectSame(bytes, cuts: [cut], String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test("a part's nesting counts on top of the array it began in: 512 levels in all are valid, 513 are not")
    func depthAcrossParts() {
        for inner in [JSONSyntax.maximumDepth - 1, JSONSyntax.maximumDepth] {
            for innermost in ["", "1"] {
                let text = "[0," + String(repeating: "[", count: inner) + innermost + String(repeating: "]", count: inner) + "]"
                let bytes = Array(text.utf8)
                let expected = Self.whole(bytes).isValid
                #expect(expected == (inner < JSONSyntax.maximumDepth))
                let parts = Self.inParts(bytes, cuts: [3])
                #expect(parts?.isValid == expected, "\(inner) levels inside the root's array, innermost '\(innermost)'")
            }
        }
    }

    @Test(
        "JSONTestSuite's files validate as in one pass wherever they are cut",
        .enabled(if: JSONTestSuiteTests.folder != nil, "../shared/conformance-data is absent here; CI has it"))
    func testSuiteFiles() throws {
        let folder = try #require(JSONTestSuiteTests.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count == 318)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            // The pass that notes nothing gives the same verdict.
            #expect(bytes.withUnsafeBufferPointer { JSONValidator.isValid($0) } == Self.whole(bytes).isValid, "\(name)")
            // The few large files (deep nesting) at 64 offsets, the rest at every one.
            let step = max(1, bytes.count / 64)
            for cut in stride(from: 1, to: bytes.count, by: step) {
                Self.expectSame(bytes, cuts: [cut], name)
            }
        }
    }

    @Test(
        "the HAR corpus's files, cut into two to four parts as a large body is, validate and note as in one pass",
        .enabled(if: SharedData.url("har-corpus") != nil, "../shared/har-corpus is absent here; CI has it"))
    func harCorpus() throws {
        let folder = try #require(SharedData.url("har-corpus"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }.sorted()
        #expect(names.count == 54)
        var held = [Int: Int]()
        for name in names {
            var bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            // Chrome writes a byte order mark, which the HAR reader skips before validating.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            for parts in 2...4 {
                let cuts = bytes.withUnsafeBufferPointer { JSONValidator.cuts($0.baseAddress!, $0.count, parts: parts) }
                if Self.expectSame(bytes, cuts: cuts, "\(name), \(parts) parts") { held[parts, default: 0] += 1 }
            }
        }
        print("HAR corpus: guesses held in \(held.sorted { $0.key < $1.key }) of \(names.count) files each")
    }

    @Test("in a HAR-like text the cuts start entries, not objects of an entry's list of headers")
    func harLikeCuts() {
        let header = #"{"name":"x-h","value":"v"}"#
        // Entries of different lengths, so that where a third of the text ends is not an
        // entry's boundary by arithmetic.
        let entries = (0..<3_000).map { index in
            #"{"request":{"headers":["# + Array(repeating: header, count: 30 + index % 17).joined(separator: ",")
                + #"]},"response":{"status":200}}"#
        }
        let bytes = Array((#"{"log":{"entries":["# + entries.joined(separator: ",") + "]}}").utf8)
        let cuts = bytes.withUnsafeBufferPointer { JSONValidator.cuts($0.baseAddress!, $0.count, parts: 3) }
        #expect(cuts.count == 2)
        for cut in cuts {
            #expect(bytes[cut...].starts(with: Array(#"{"request""#.utf8)), "cut at \(cut)")
        }
        #expect(Self.expectSame(bytes, cuts: cuts, "HAR-like"))
    }

    @Test("below two parts' length nothing is cut; above it, as many parts as processors, at most eight")
    func partCount() {
        #expect(JSONValidator.partCount(forLength: JSONValidator.partLength * 2 - 1) == 0)
        let processors = ProcessInfo.processInfo.activeProcessorCount
        #expect(JSONValidator.partCount(forLength: JSONValidator.partLength * 2) == min(processors, 2))
        #expect(JSONValidator.partCount(forLength: JSONValidator.partLength * 100) == min(processors, JSONValidator.maximumParts))
    }

    @Test(
        "a body of several megabytes is cut before records of its list, and the guesses hold",
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "one processor here: nothing is cut"))
    func largeBodyIsCut() throws {
        var g = SeededGenerator(seed: 3)
        let bytes = Self.page(count: 6_000, rootIsArray: false, &g)
        let parts = JSONValidator.partCount(forLength: bytes.count)
        #expect(parts >= 2)
        let cuts = bytes.withUnsafeBufferPointer { JSONValidator.cuts($0.baseAddress!, $0.count, parts: parts) }
        #expect(cuts.count == parts - 1)
        // Each cut starts a record of the page's list, so the last part runs to the list's end.
        for cut in cuts {
            #expect(bytes[cut...].starts(with: Array(#"{"id":"#.utf8)), "cut at \(cut)")
        }
        #expect(Self.expectSame(bytes, cuts: cuts, "the page"), "the guesses did not hold")
        #expect(Self.whole(bytes).isValid)
        // Through the production entry, with one byte broken after the last cut.
        var broken = bytes
        broken[bytes.count - 40] = 0x01
        #expect(broken.withUnsafeBufferPointer { JSONValidator.validate($0).isValid } == false)
        #expect(bytes.withUnsafeBufferPointer { JSONValidator.validate($0) } == Self.whole(bytes))
    }
}
