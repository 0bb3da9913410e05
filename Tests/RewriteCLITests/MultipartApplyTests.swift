#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite apply` on a photo upload: the sample rules change its parts, and the report shows
/// the upload's delimiters, headers and text parts, with a note for the photo's bytes.
@Suite struct MultipartApplyTests {
    @Test("a form upload reads as its parts, the photo as a note, after Rules/multipart.rules edited it")
    func partsAreShown() throws {
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: body) }
        var bytes = Array("--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n".utf8)
        bytes += Array("--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG 1.heic\"\r\nContent-Type: image/heic\r\n\r\n".utf8)
        bytes += [0xFF, 0xD8, 0xFF, 0x00, 0x0A] + Array("\r\n--XyZ--\r\n".utf8)
        try Data(bytes).write(to: body)
        let result = try ApplyCommandTests.run([
            "apply", "Rules/multipart.rules", "--request", "POST https://api.example.com/v1/photos",
            "-H", "Content-Type: multipart/form-data; boundary=XyZ", "--body", "@" + body.path,
        ])
        #expect(result.status == 0, "\(result)")
        #expect(ApplyCommandTests.section("REQUEST", of: result.stdout) == [
            "  POST https://api.example.com/v1/photos",
            "  Content-Type: multipart/form-data; boundary=XyZ",
            "",
            "  --XyZ",
            "  Content-Disposition: form-data; name=\"caption\"",
            "  ",
            "  Sent with RewriteKit",
            "  --XyZ",
            "  Content-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"",
            "  Content-Type: image/jpeg",
            "  ",
            "  (5 bytes of binary data)",
            "  --XyZ",
            "  Content-Disposition: form-data; name=\"source\"",
            "  ",
            "  ios-app",
            "  --XyZ--",
            "",
        ])
    }
}
#endif
