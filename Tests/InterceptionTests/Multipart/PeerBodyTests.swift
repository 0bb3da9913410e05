import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RewriteKit
import RewriteTesting
import Testing

/// Form uploads built by clients nobody on the team wrote (`curl -F`, Python's email
/// package with CRLF and with LF line breaks, and, where a session fetched it, Alamofire's
/// `MultipartFormData`), from the folder `Scripts/multipart-peer-bodies.py` writes. CI
/// makes it and names it in `REWRITEKIT_MULTIPART_BODIES`; without it these tests skip.
///
/// Each upload holds a caption, a JSON part and a 5 MB photo. Sent through a rule that
/// changes the caption, the server must get the upload byte for byte but the caption's
/// text: worked out here by replacing that text in the client's bytes, not by our parser.
@Suite("Multipart bodies from other clients", .enabled(if: PeerBodies.folder != nil, "REWRITEKIT_MULTIPART_BODIES is not set"))
struct PeerBodyTests {
    static var folder: URL? { PeerBodies.folder }

    static let rules = """
        rule "caption" {
            when part "caption" == "Original caption 59" and part "photo" content-type == "image/jpeg"
            when part "meta" json "kind" == "photo"
            request { part "caption" { set-body "A new caption" } }
        }
        """

    /// The uploads in the folder, by client.
    static var clients: [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".body") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// `bytes` with the one run of `old` replaced by `new`.
    static func replacing(_ old: String, with new: String, in bytes: [UInt8]) throws -> [UInt8] {
        let needle = Array(old.utf8)
        let starts = bytes.indices.filter { $0 + needle.count <= bytes.count && bytes[$0] == needle[0] && Array(bytes[$0..<($0 + needle.count)]) == needle }
        try #require(starts.count == 1, "the caption occurs \(starts.count) times")
        return Array(bytes[..<starts[0]]) + Array(new.utf8) + Array(bytes[(starts[0] + needle.count)...])
    }

    @Test("the caption changes, every other byte holds", arguments: clients, [false, true])
    func captionChanges(client: String, streamed: Bool) async throws {
        let folder = try #require(Self.folder)
        let body = try [UInt8](Data(contentsOf: folder.appendingPathComponent("\(client).body")))
        let type = try String(contentsOf: folder.appendingPathComponent("\(client).type"), encoding: .utf8)
        let expected = try Self.replacing("Original caption 59", with: "A new caption", in: body)
        let harness = try Harness(Self.rules)
        let marker = UUID().uuidString
        var request = URLRequest(url: harness.url("/status/200"))
        request.httpMethod = "POST"
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        request.setValue(marker, forHTTPHeaderField: "X-Marker")
        // A stream this large is spilled to a file and read a part at a time; data is read whole.
        if streamed { request.httpBodyStream = InputStream(data: Data(body)) } else { request.httpBody = Data(body) }
        let reply = await Caller.completionHandler.fetch(request, in: harness.session)
        #expect(reply.error == nil)
        let seen = try #require(harness.server.requests(withHeader: "X-Marker", value: marker).first)
        #expect(seen.body.count == expected.count)
        #expect(seen.body == Data(expected), "\(client): the upload changed beyond its caption")
        #expect(seen.value(forHeader: "Content-Length") == String(expected.count))
    }
}

/// Where the other clients' uploads are (`REWRITEKIT_MULTIPART_BODIES`).
enum PeerBodies {
    static let folder = ProcessInfo.processInfo.environment["REWRITEKIT_MULTIPART_BODIES"].map(URL.init(fileURLWithPath:))
}
