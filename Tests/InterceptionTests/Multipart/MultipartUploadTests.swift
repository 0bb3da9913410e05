import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// A photo upload with its caption through real URLSession traffic to the loopback
/// server: the rule changes the caption, and the server gets the photo's bytes as the app
/// sent them, however the app gave the body (data, a stream under or over the memory
/// limit, a file).
@Suite("Multipart uploads")
struct MultipartUploadTests {
    static let rules = """
        rule "caption" {
            when method == POST and part "caption" exists
            request {
                part "caption" { set-body "A new caption" }
                part "meta" { inject-json "kind" "avatar" }
            }
        }
        """

    /// A form upload as a browser writes one, around `photo`.
    static func form(photo: [UInt8], boundary: String = "----WebKitFormBoundary7MA4YWxkTrZu0gW") -> [UInt8] {
        Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n".utf8)
            + Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"kind\":\"photo\"}\r\n".utf8)
            + Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG_0001.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            + photo + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    static let contentType = "multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW"

    /// The parts the server got, by name.
    static func parts(of body: Data, contentType: String?) throws -> [String: [UInt8]] {
        let boundary = try #require(contentType.flatMap(MultipartBoundary.init(contentType:)))
        let bytes = [UInt8](body)
        let layout = try MultipartScanner.layout(of: bytes, boundary: boundary.bytes).get()
        var parts: [String: [UInt8]] = [:]
        for part in layout.parts {
            parts[MultipartPartFacts(headers: part.headers).name ?? ""] = Array(bytes[part.bodyStart..<part.bodyEnd])
        }
        return parts
    }

    enum Giving: String, CaseIterable, CustomTestStringConvertible {
        case data, smallStream, largeStream, file
        var testDescription: String { rawValue }
    }

    @Test("the caption changes and the photo's bytes do not", arguments: Giving.allCases)
    func captionChanges(giving: Giving) async throws {
        let harness = try Harness(Self.rules)
        let size = giving == .largeStream || giving == .file ? RequestBody.memoryLimit + 300_001 : 70_001
        let photo = TestHTTPServer.deterministicBytes(count: size, seed: 59)
        let body = Self.form(photo: photo)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/status/200"))
        request.httpMethod = "POST"
        request.setValue(Self.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        let capture = harness.rewriter.startCapture()
        defer { capture.stop() }
        let reply: Fetched
        switch giving {
        case .data:
            request.httpBody = Data(body)
            reply = await Caller.completionHandler.fetch(request, in: harness.session)
        case .smallStream, .largeStream:
            request.httpBodyStream = InputStream(data: Data(body))
            reply = await Caller.completionHandler.fetch(request, in: harness.session)
        case .file:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-upload-\(marker)")
            try Data(body).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            reply = await withCheckedContinuation { continuation in
                harness.session.uploadTask(with: request, fromFile: url) { data, response, error in
                    continuation.resume(returning: Fetched(
                        data: data ?? Data(), response: response as? HTTPURLResponse, error: error as? URLError, anyError: error))
                }.resume()
            }
        }
        #expect(reply.error == nil)
        let seen = try #require(harness.server.requests(withHeader: "X-Marker", value: marker).first)
        let parts = try Self.parts(of: seen.body, contentType: seen.value(forHeader: "Content-Type"))
        #expect(parts["caption"].map { String(decoding: $0, as: UTF8.self) } == "A new caption")
        #expect(parts["meta"].map { String(decoding: $0, as: UTF8.self) } == "{\"kind\":\"avatar\"}")
        #expect(parts["photo"] == photo, "the photo's bytes changed")
        #expect(seen.value(forHeader: "Content-Length") == String(seen.body.count))
        #expect(seen.value(forHeader: "Transfer-Encoding") == nil)
        let expected = Self.form(photo: photo).count + "A new caption".utf8.count - "Hello".utf8.count + "avatar".utf8.count - "photo".utf8.count
        #expect(seen.body.count == expected)
        // A capture holds the upload as it was sent.
        let deadline = Date().addingTimeInterval(10)
        while capture.exchanges.isEmpty, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(capture.exchanges.first?.request.body.map { Data($0) } == seen.body)
    }

    @Test("a body that is not valid multipart goes out byte for byte", arguments: [Giving.data, .largeStream])
    func invalidPassesThrough(giving: Giving) async throws {
        let harness = try Harness(Self.rules)
        let size = giving == .largeStream ? RequestBody.memoryLimit + 1_001 : 10_001
        var body = Self.form(photo: TestHTTPServer.deterministicBytes(count: size, seed: 60))
        body.removeLast("--\r\n".utf8.count)  // no closing delimiter
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/status/200"))
        request.httpMethod = "POST"
        request.setValue(Self.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        if giving == .data { request.httpBody = Data(body) } else { request.httpBodyStream = InputStream(data: Data(body)) }
        let reply = await Caller.completionHandler.fetch(request, in: harness.session)
        #expect(reply.error == nil)
        let seen = try #require(harness.server.requests(withHeader: "X-Marker", value: marker).first)
        #expect(seen.body == Data(body))
    }
}
