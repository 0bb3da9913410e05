import Foundation
import Testing

@testable import RewriteKit

/// The multipart scanner on bodies written out by hand from RFC 2046 §5.1.1 and RFC 7578:
/// GIVEN a body, WHEN it is scanned (whole or in pieces), THEN the parts are where the
/// bytes say.
struct MultipartScannerTests {
    static let boundary = Array("XyZ".utf8)

    /// The body's parts as (name, body text), read through the layout's ranges.
    static func parts(_ text: String, boundary: [UInt8] = boundary) throws -> [(String?, String)] {
        let bytes = Array(text.utf8)
        let layout = try MultipartScanner.layout(of: bytes, boundary: boundary).get()
        return layout.parts.map { part in
            (MultipartPartFacts(headers: part.headers).name, String(decoding: bytes[part.bodyStart..<part.bodyEnd], as: UTF8.self))
        }
    }

    static let form = "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n"
        + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\u{1}\u{2}\r\n\r\n"
        + "--XyZ--\r\n"

    @Test func findsEachPartAndItsHeaders() throws {
        let parts = try Self.parts(Self.form)
        #expect(parts.map(\.0) == ["caption", "photo"])
        // The photo's body ends with a line break of its own: only the one before the delimiter belongs to it.
        #expect(parts.map(\.1) == ["Hello", "\u{1}\u{2}\r\n"])
        let layout = try MultipartScanner.layout(of: Array(Self.form.utf8), boundary: Self.boundary).get()
        #expect(layout.parts[1].headers == [
            MultipartHeader(name: "Content-Disposition", value: "form-data; name=\"photo\"; filename=\"a.jpg\""),
            MultipartHeader(name: "Content-Type", value: "image/jpeg"),
        ])
        #expect(layout.lineBreak == .crlf)
        #expect(layout.closeStart == Self.form.utf8.count - "--XyZ--\r\n".utf8.count)
    }

    @Test func lineFeedsAloneAreLineBreaks() throws {
        let text = "--XyZ\nContent-Disposition: form-data; name=\"a\"\n\none\n--XyZ\nContent-Disposition: form-data; name=\"b\"\n\ntwo\n--XyZ--\n"
        #expect(try Self.parts(text).map(\.1) == ["one", "two"])
        #expect(try MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary).get().lineBreak == .lf)
    }

    @Test func preambleAndEpilogueAreNotParts() throws {
        let text = "This is the preamble.\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--XyZ--\r\nThis is the epilogue.\r\n"
        let layout = try MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary).get()
        #expect(layout.preambleEnd == "This is the preamble.\r\n".utf8.count)
        #expect(layout.parts.count == 1)
        #expect(layout.count == text.utf8.count)
    }

    @Test(arguments: [
        "--XyZX", "--XyZ-", "--XyZ x", "-- XyZ", "--Xy", " --XyZ", "--xyz", "--XyZ--x",
    ])
    func aLineThatOnlyLooksLikeADelimiterIsContent(line: String) throws {
        let text = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nbefore\r\n\(line)\r\nafter\r\n--XyZ--\r\n"
        #expect(try Self.parts(text).map(\.1) == ["before\r\n\(line)\r\nafter"])
    }

    @Test func paddingAfterADelimiterIsAllowed() throws {
        let text = "--XyZ \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--XyZ--  \r\n"
        #expect(try Self.parts(text).map(\.1) == ["one"])
    }

    @Test func theClosingDelimiterNeedsNoLineBreak() throws {
        let text = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--XyZ--"
        #expect(try Self.parts(text).map(\.1) == ["one"])
    }

    @Test func anEmptyBodyWithoutItsOwnLineBreakIsEmpty() throws {
        let text = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--XyZ\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n\r\n--XyZ--\r\n"
        #expect(try Self.parts(text).map(\.1) == ["", ""])
    }

    @Test func foldedHeaderLinesContinueTheField() throws {
        let text = "--XyZ\r\nContent-Disposition: form-data;\r\n name=\"folded\"\r\n\r\nx\r\n--XyZ--\r\n"
        #expect(try Self.parts(text).map(\.0) == ["folded"])
    }

    @Test(arguments: [
        ("no delimiter at all", "just text\r\n", MultipartSyntaxError.Kind.noDelimiter),
        ("no closing delimiter", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncut off", .noClosingDelimiter),
        ("headers never end", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n", .noClosingDelimiter),
        ("a header line without a colon", "--XyZ\r\nnot a header\r\n\r\nx\r\n--XyZ--\r\n", .malformedHeader),
    ])
    func aBodyThatIsNotMultipartSaysWhy(name: String, text: String, kind: MultipartSyntaxError.Kind) {
        guard case .failure(let error) = MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary) else {
            Issue.record("\(name): scanned as multipart")
            return
        }
        #expect(error.kind == kind, "\(name)")
    }

    @Test func headersOverTheLimitAreAnError() {
        let text = "--XyZ\r\nX-Long: " + String(repeating: "a", count: MultipartScanner.headerLimit) + "\r\n\r\nx\r\n--XyZ--\r\n"
        #expect(throws: MultipartSyntaxError.self) { try MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary).get() }
    }

    @Test func partsOverTheLimitAreAnError() {
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        let text = String(repeating: part, count: MultipartScanner.partLimit + 1) + "--XyZ--\r\n"
        let result = MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary)
        guard case .failure(let error) = result else {
            Issue.record("more than \(MultipartScanner.partLimit) parts scanned")
            return
        }
        #expect(error.kind == .tooManyParts)
    }

    /// The same layout whatever the pieces the body arrives in: every cut of a body with a
    /// CR at a piece's end, a delimiter split across pieces, and bytes 0–255 in a part.
    @Test func piecesOfAnySizeGiveTheSameLayout() throws {
        var bytes = Array(Self.form.utf8)
        bytes.insert(contentsOf: (0...255).map { UInt8($0) }, at: bytes.count - "\r\n--XyZ--\r\n".utf8.count)
        let whole = try MultipartScanner.layout(of: bytes, boundary: Self.boundary).get()
        for cut in 1..<bytes.count {
            var scanner = MultipartScanner(boundary: Self.boundary)
            bytes[..<cut].withUnsafeBytes { scanner.feed($0) }
            bytes[cut...].withUnsafeBytes { scanner.feed($0) }
            #expect(try scanner.finish().get() == whole, "cut at \(cut)")
        }
        var byByte = MultipartScanner(boundary: Self.boundary)
        for byte in bytes { [byte].withUnsafeBytes { byByte.feed($0) } }
        #expect(try byByte.finish().get() == whole)
    }

    /// A nested `multipart/mixed` (RFC 7578 §4.3's older form for several files): the outer
    /// scan keeps it as one part, whose own boundary reads its files.
    @Test func aNestedMultipartIsOnePartWithItsOwnBoundary() throws {
        let inner = "--AaB03x\r\nContent-Disposition: file; filename=\"file1.txt\"\r\nContent-Type: text/plain\r\n\r\n... contents of file1.txt ...\r\n"
            + "--AaB03x\r\nContent-Disposition: file; filename=\"file2.gif\"\r\nContent-Type: image/gif\r\n\r\n...contents of file2.gif...\r\n--AaB03x--"
        let text = "--XyZ\r\nContent-Disposition: form-data; name=\"submit-name\"\r\n\r\nLarry\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"\r\nContent-Type: multipart/mixed; boundary=AaB03x\r\n\r\n"
            + inner + "\r\n--XyZ--\r\n"
        let parts = try Self.parts(text)
        #expect(parts.map(\.0) == ["submit-name", "files"])
        #expect(parts[1].1 == inner)
        let layout = try MultipartScanner.layout(of: Array(text.utf8), boundary: Self.boundary).get()
        let nested = try #require(MultipartPartFacts(headers: layout.parts[1].headers).nestedBoundary)
        let files = try MultipartScanner.layout(of: Array(inner.utf8), boundary: nested).get()
        #expect(files.parts.map { MultipartPartFacts(headers: $0.headers).filename } == ["file1.txt", "file2.gif"])
    }

    /// Near-misses on every line (a line feed then `--XyZ` and one wrong byte) cost a look
    /// at each line's first bytes: the scan of a megabyte of them finishes, and finds the
    /// part around them whole.
    @Test func nearMissesOnEveryLineAreContent() throws {
        let misses = String(repeating: "\n--XyZ!", count: 150_000)
        let text = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" + misses + "\r\n--XyZ--\r\n"
        #expect(try Self.parts(text).map(\.1) == [misses])
    }
}
