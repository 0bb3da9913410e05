@testable import RewriteKit
import RewriteTestSupport
import Testing

/// `String(strictUTF8:)` stands in for the standard library's `String(validating:as:)`
/// (iOS 18, macOS 15) on the package's older minimums; it must give the same answers.
@Suite struct StrictUTF8Tests {
    @Test(arguments: [
        ([0x68, 0x69], "hi"),
        ([], ""),
        ([0xEF, 0xBF, 0xBD], "\u{FFFD}"),
        ([0xF0, 0x9F, 0x98, 0x80], "😀"),
        ([0xC3, 0xA9, 0x74, 0xC3, 0xA9], "été"),
    ] as [([UInt8], String)])
    func validBytesAreTheirText(bytes: [UInt8], text: String) {
        #expect(String(strictUTF8: bytes) == text)
    }

    @Test(arguments: [
        [0xFF],  // never a UTF-8 byte
        [0xC0, 0xAF],  // overlong "/"
        [0xE0, 0x80, 0xAF],  // overlong, three bytes
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0x61, 0xE2, 0x82],  // cut in the middle of a sequence
        [0x80, 0x61],  // a continuation byte first
    ] as [[UInt8]])
    func invalidBytesAreNil(bytes: [UInt8]) {
        #expect(String(strictUTF8: bytes) == nil)
    }

    /// Random bytes, and valid text with one byte changed, against the standard library
    /// where it has the call (always on Linux).
    @Test func agreesWithTheStandardLibrary() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        var random = SeededGenerator(seed: 54)
        let valid = Array("plain ascii, été, 日本語, 😀 and \u{FFFD}".utf8)
        var checked = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                bytes = valid
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(String(strictUTF8: bytes) == expected, "\(bytes)")
            checked += expected == nil ? 0 : 1
        }
        #expect(checked > 1_000 && checked < 19_000, "both answers are exercised")
    }
}
