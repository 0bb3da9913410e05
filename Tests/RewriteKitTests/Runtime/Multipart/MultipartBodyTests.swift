import Foundation
import Testing

@testable import RewriteKit

/// A multipart body read from a file, as an upload too large for memory is: GIVEN the file,
/// WHEN parts are picked, read and edited, THEN a small part's body is read, a part over
/// the read limit is not (but is still picked, sized and renamed), and the body written
/// back is the file's bytes around the edits.
struct MultipartBodyTests {
    static let big = [UInt8](repeating: 0x5A, count: MultipartBody.partReadLimit + 1)

    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-body-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    static let head = Array("--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n{\"a\":1}\r\n--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\n\r\n".utf8)
    static let tail = Array("\r\n--XyZ--\r\n".utf8)

    @Test func aFileIsReadAPartAtATime() throws {
        let bytes = Self.head + Self.big + Self.tail
        let url = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        var parts = try MultipartBody.read(.file(url, count: bytes.count), boundary: Array("XyZ".utf8)).get()
        #expect(parts.parts.map(\.facts.name) == ["meta", "photo"])
        #expect(parts.body(of: 0) == Array("{\"a\":1}".utf8))
        #expect(parts.body(of: 1) == nil, "a part over the read limit is not read")
        #expect(parts.bodyCount(of: 1) == Self.big.count)
        parts.setBody(of: 0, Array("{}".utf8))
        parts.setHeaders(of: 1, [(name: "Content-Disposition", value: "form-data; name=\"photo\"; filename=\"b.jpg\"")])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-body-out-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: out.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        try parts.source.write(parts.segments, to: handle)
        try handle.close()
        let expected = Array("--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n{}\r\n--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"b.jpg\"\r\n\r\n".utf8)
            + Self.big + Self.tail
        #expect(try [UInt8](Data(contentsOf: out)) == expected)
        #expect(parts.count == expected.count)
    }

    @Test func theUntouchedBytesAreRangesOfTheSource() throws {
        let bytes = Self.head + Array("photo".utf8) + Self.tail
        var parts = try MultipartBody.read(.bytes(bytes), boundary: Array("XyZ".utf8)).get()
        parts.setBody(of: 0, Array("{}".utf8))
        let copied = parts.segments.reduce(0) { total, segment in
            if case .bytes(let new) = segment { return total + new.count }
            return total
        }
        #expect(copied == 2, "only the new body is new bytes")
    }

    @Test func aResponseBodyIsEditedToo() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "r" {
                response { part "meta" { remove-json "a" } }
            }
            """)
        let request = try PipelineFixture.request("GET", "https://api.example.com/form")
        let body = Self.head + Array("photo".utf8) + Self.tail
        let answer = PipelineFixture.exchange(
            pipeline, request, response: HTTPResponse(status: 200, headers: ["Content-Type": "multipart/form-data; boundary=XyZ"], body: body))
        let expected = Array("--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n{}\r\n".utf8) + Self.head.dropFirst(63) + Array("photo".utf8) + Self.tail
        #expect(answer.response.body == expected)
    }
}
