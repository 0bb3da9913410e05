import Foundation
import Testing
@testable import RewriteTestSupport

/// Known-answer tests for the digests and encoders behind the server's endpoints.
@Suite("Checksums and encoders")
struct TestSHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func sha256KnownAnswers(input: String, digest: String) {
        #expect(TestSHA256.hex(input) == digest)
        #expect(TestSHA256.hex(Data(input.utf8)) == digest)
    }

    @Test func sha256OfAMillionAsInUnevenPieces() {
        var hasher = TestSHA256()
        var remaining = 1_000_000
        var size = 1
        while remaining > 0 {
            let piece = min(size, remaining)
            hasher.update([UInt8](repeating: 0x61, count: piece))
            remaining -= piece
            size = size * 3 % 1000 + 1
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120])
    func sha256PaddingBoundariesMatchOneShotAndStreaming(length: Int) {
        let bytes = TestHTTPServer.deterministicBytes(count: length, seed: 1)
        var hasher = TestSHA256()
        hasher.update(Array(bytes.prefix(10)))
        hasher.update(Array(bytes.dropFirst(10)))
        #expect(hasher.finalizeHex() == TestSHA256.hex(bytes))
    }

    @Test func crc32AndAdler32KnownAnswers() {
        #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksum.crc32([]) == 0)
        #expect(Checksum.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func gzipOfHelloIsAStoredBlockMember() {
        let expected: [UInt8] = [
            0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF,
            0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68, 0x65, 0x6C, 0x6C, 0x6F,
            0x86, 0xA6, 0x10, 0x36, 0x05, 0x00, 0x00, 0x00,
        ]
        #expect(GzipEncoder.gzip(Array("hello".utf8)) == expected)
    }

    @Test func deflateSplitsLargeInputIntoStoredBlocks() {
        let input = [UInt8](repeating: 7, count: 70_000)
        let output = GzipEncoder.deflateStored(input)
        #expect(output.count == 70_000 + 2 * 5)
        #expect(output[0] == 0x00)
        #expect(output[5 + 65_535] == 0x01)
    }

    @Test func deterministicBytesAreSliceable() {
        let whole = DeterministicBytes.slice(seed: 9, offset: 0, count: 100)
        #expect(DeterministicBytes.slice(seed: 9, offset: 13, count: 50) == Array(whole[13..<63]))
        #expect(whole != DeterministicBytes.slice(seed: 10, offset: 0, count: 100))
    }
}
