import Foundation
import Testing

@testable import RewriteKit

/// Multipart uploads in HAR 1.2: an export lists the parts in `postData.params` (what
/// browsers' network panels show) beside the exact body, and an import of a HAR that has
/// only the params (as some tools write) makes a multipart body of them.
struct MultipartHARTests {
    static let type = "multipart/form-data; boundary=XyZ"
    static let body = Array(
        ("--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").utf8)
        + [0xFF, 0xD8, 0x00] + Array("\r\n--XyZ--\r\n".utf8)

    @Test func anExportListsThePartsAndKeepsTheBody() throws {
        var request = try #require(HTTPRequest(method: "POST", url: "https://up.example.com/upload", headers: ["Content-Type": Self.type]))
        request.body = Self.body
        let data = HTTPArchive(exchanges: [RecordedExchange(request: request, response: HTTPResponse(status: 204))]).data()
        let har = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(har["log"] as? [String: Any])
        let entry = try #require((log["entries"] as? [[String: Any]])?.first)
        let post = try #require((entry["request"] as? [String: Any])?["postData"] as? [String: Any])
        let params = try #require(post["params"] as? [[String: String]])
        #expect(params == [
            ["name": "caption", "value": "Hello"],
            ["name": "photo", "fileName": "a.jpg", "contentType": "image/jpeg"],
        ])
        #expect(try HTTPArchive(data: data).exchanges.first?.request.body == Self.body)
    }

    @Test func aHARWithOnlyParamsImportsAsAMultipartBody() throws {
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [{
              "startedDateTime": "2026-12-06T10:00:00.000Z", "time": 1,
              "request": {"method": "POST", "url": "https://up.example.com/upload", "httpVersion": "HTTP/1.1",
                "headers": [{"name": "Content-Type", "value": "\(Self.type)"}], "queryString": [], "cookies": [],
                "headersSize": -1, "bodySize": 0,
                "postData": {"mimeType": "\(Self.type)", "params": [
                  {"name": "caption", "value": "Hello"},
                  {"name": "meta", "value": "{\\"a\\":1}", "contentType": "application/json"},
                  {"name": "photo", "fileName": "a.jpg", "contentType": "image/jpeg"}]}},
              "response": {"status": 204, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
              "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """
        let body = try #require(try HTTPArchive(data: Data(har.utf8)).exchanges.first?.request.body)
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHello\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\r\n"
            + "--XyZ--\r\n"
        #expect(String(decoding: body, as: UTF8.self) == expected)
    }
}
