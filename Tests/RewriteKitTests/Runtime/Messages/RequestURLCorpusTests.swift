import Foundation
import RewriteKit
import Testing

/// The URL parser on URLs that browsers, proxies and recorders wrote: every http(s) request
/// URL in `../shared/har-corpus` whose text Foundation's `URLComponents` parses with a host
/// parses here too, with the same host and port, and an ASCII URL without spaces comes back
/// byte for byte.
@Suite("RequestURL on the HAR corpus")
struct RequestURLCorpusTests {
    static let folder = SharedData.url("har-corpus")

    /// Every `log.entries[].request.url` of the corpus's readable files.
    static func corpusURLs() throws -> [(file: String, url: String)] {
        let folder = try #require(folder)
        var urls: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".har") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            // The corpus holds deliberately malformed files; they have no URLs to test.
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let entries = (root["log"] as? [String: Any])?["entries"] as? [[String: Any]]
            else { continue }
            for entry in entries {
                if let url = (entry["request"] as? [String: Any])?["url"] as? String { urls.append((name, url)) }
            }
        }
        return urls
    }

    @Test("http(s) URLs from 18 tools' HARs parse as Foundation parses them, and ASCII ones round-trip",
          .enabled(if: folder != nil, "../shared/har-corpus is absent here; CI has it"))
    func corpus() throws {
        var checked = 0
        for (file, text) in try Self.corpusURLs() {
            let lower = text.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
                  let components = URLComponents(string: text), let host = components.host, !host.isEmpty
            else { continue }
            guard let url = RequestURL(string: text) else {
                Issue.record("\(file): \(text.prefix(120)) does not parse")
                continue
            }
            checked += 1
            #expect(url.host.lowercased() == host.lowercased(), "\(file): \(text.prefix(120))")
            #expect(url.port == components.port, "\(file): \(text.prefix(120))")
            if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }) {
                // The scheme is lower-cased; every other byte stays.
                let scheme = text.prefix { $0 != ":" }
                #expect(url.description == scheme.lowercased() + text.dropFirst(scheme.count), "\(file): \(text.prefix(120))")
            }
        }
        #expect(checked > 1_000, "only \(checked) URLs were checked")
    }
}
