import Testing

@testable import RewriteKit

/// `Content-Disposition` and `Content-Type` parameters as clients write them (RFC 7578
/// §4.2, RFC 5987, and what browsers send).
struct HeaderParametersTests {
    @Test(arguments: [
        ("form-data; name=\"photo\"; filename=\"a.jpg\"", "a.jpg"),
        ("form-data; name=photo; filename=a.jpg", "a.jpg"),
        ("form-data; name=\"photo\"; filename=\"say \\\"cheese\\\".jpg\"", "say \"cheese\".jpg"),
        // An old browser's full Windows path: a backslash before anything but `"` or `\` is kept.
        ("form-data; name=\"photo\"; filename=\"C:\\Users\\me\\a.jpg\"", "C:\\Users\\me\\a.jpg"),
        ("form-data; name=\"photo\"; filename=\"semi;colon.jpg\"", "semi;colon.jpg"),
        ("form-data; name=\"photo\"; filename=\"na%C3%AFve.txt\"; filename*=UTF-8''na%C3%AFve.txt", "naïve.txt"),
        ("form-data; name=\"photo\"; filename*=utf-8'en'%E2%82%AC%20rates.txt", "€ rates.txt"),
        ("form-data; name=\"photo\"; filename*=iso-8859-1''%A3%20rates.txt", "£ rates.txt"),
        ("FORM-DATA; NAME=\"photo\"; FILENAME=\"upper.jpg\"", "upper.jpg"),
        ("form-data; name=\"photo\"; filename=\"ünïcödé.jpg\"", "ünïcödé.jpg"),
    ])
    func filenames(value: String, expected: String) {
        let parameters = HeaderParameters(value)
        #expect(parameters.type == "form-data")
        #expect(parameters["filename"] == expected)
        #expect(parameters["name"] == "photo")
    }

    @Test func boundaries() {
        #expect(MultipartBoundary(contentType: "multipart/form-data; boundary=XyZ")?.bytes == Array("XyZ".utf8))
        #expect(MultipartBoundary(contentType: "Multipart/Form-Data; Boundary=\"a b:c\"")?.bytes == Array("a b:c".utf8))
        #expect(MultipartBoundary(contentType: "multipart/mixed; charset=utf-8; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW")?.bytes
            == Array("----WebKitFormBoundary7MA4YWxkTrZu0gW".utf8))
        #expect(MultipartBoundary(contentType: "application/json; boundary=XyZ") == nil)
        #expect(MultipartBoundary(contentType: "multipart/form-data") == nil)
        #expect(MultipartBoundary(contentType: "multipart/form-data; boundary=\"\"") == nil)
        #expect(MultipartBoundary(contentType: "multipart/form-data; boundary=" + String(repeating: "a", count: 71)) == nil)
    }

    @Test func quotingFollowsBrowsers() {
        #expect(HeaderParameters.quoted("a\"b\r\nc.jpg") == "\"a%22b%0D%0Ac.jpg\"")
        #expect(HeaderParameters(MultipartWriter.disposition(name: "meta", filename: "x \"y\".json"))["filename"] == "x %22y%22.json")
    }

    @Test func madeBoundariesAreStableAndNotInTheParts() {
        let parts = [Array("hello".utf8), Array("world".utf8)]
        let boundary = MultipartBoundary.making(for: parts)
        #expect(boundary == MultipartBoundary.making(for: parts))
        let sneaky = [Array("--\(boundary)--".utf8)]
        let other = MultipartBoundary.making(for: sneaky)
        #expect(!"--\(boundary)--".contains(other) || other != boundary)
        #expect(!String(decoding: sneaky[0], as: UTF8.self).contains(other))
    }
}
