import Foundation
import Testing

@testable import RewriteKit

/// Templates are data, never syntax: hostile values arriving in a query parameter (decoded)
/// or a header cannot change the structure of a URL, a header or a JSON path a rule builds.
/// Each place a template can go is tried with every value; either the action applies with
/// the structure the rule wrote, or it is skipped, the message is untouched, and the trace
/// says why.
@Suite("Templates are data")
struct TemplateInjectionTests {
    static let hostile: [String] = [
        "../../admin?debug=true", "a/b", "evil.test/steal?", "x#frag", "a@b", "user:pass@evil.test",
        "line\r\nInjected: 1", "nul\u{0}", "quote\"'", "esc\u{1B}[31m", "bell\u{7}", "del\u{7F}", "vt\u{B}",
        "%2F%2E%2E", ".", "..", "a b", "é/ü", "a.b[0]", "\\", "",
        String(repeating: "x", count: 1 << 20),
    ]

    /// A request carrying `value` in the `v` query parameter and the `X-V` header.
    static func request(carrying value: String) throws -> HTTPRequest {
        let query = "v=" + PercentEncoding.encodeQueryComponent(value)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        // A header cannot carry controls; the query form tests those.
        if HTTPSyntax.isFieldValue(value) { headers.add("X-V", value) }
        return try #require(HTTPRequest(
            method: "POST", url: "https://api.example.com/v1/items?\(query)", headers: headers,
            body: Array(#"{"user":{"id":1}}"#.utf8)))
    }

    static func skippedReasons(_ outcome: RequestOutcome) -> [String] {
        outcome.trace.entries.compactMap { entry in
            if case .skipped(_, let reason) = entry.event { return reason }
            return nil
        }
    }

    @Test(arguments: [
        ("https://api.example.com/v2/users/${query.v}", "api.example.com", ["", "v2", "users"]),
        ("https://api.example.com/v2/${query.v}/profile", "api.example.com", ["", "v2"]),
        ("https://${query.v}.api.example.com/v1/data", nil, ["", "v1", "data"]),
        ("https://api.example.com/search?q=${query.v}&page=1", "api.example.com", ["", "search"]),
        ("https://api.example.com/a#${query.v}", "api.example.com", ["", "a"]),
        ("https://${query.v}@api.example.com/a", "api.example.com", ["", "a"]),
        ("https://api.example.com:${query.v}/a", "api.example.com", ["", "a"]),
    ] as [(String, String?, [String])])
    func setURLKeepsTheTemplatesStructure(template: String, host: String?, pathPrefix: [String]) throws {
        let pipeline = try PipelineFixture.pipeline("rule \"r\" { request { set-url \"\(template)\" } }")
        for value in Self.hostile {
            let request = try Self.request(carrying: value)
            let outcome = pipeline.processRequest(request)
            let url = outcome.request.url
            guard url != request.url else {
                #expect(Self.skippedReasons(outcome).count == 1, "\(template) with \(value.prefix(40).debugDescription)")
                continue
            }
            if let host { #expect(url.host == host, "\(template) with \(value.prefix(40).debugDescription) gave \(url)") }
            #expect(!url.host.contains("/") && !url.host.contains("@") && url.userInfo.map { !$0.contains("@") } ?? true)
            let segments = url.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(segments.prefix(pathPrefix.count)) == pathPrefix, "\(template) with \(value.prefix(40).debugDescription) gave \(url)")
            #expect(!segments.contains("..") && !segments.contains("."), "\(url)")
            // Only the template's own query keys.
            let keys = Set(url.queryItems.map(\.name))
            #expect(keys.isSubset(of: ["q", "page"]), "\(template) with \(value.prefix(40).debugDescription) gave \(url)")
            #expect(url.description.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "\(url)")
        }
    }

    @Test func setHostTakesOnlyHostNames() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "label" { request { set-host "${query.v}.example.com" } }
            rule "whole" { request { set-host "${header.X-V}" } }
            """#)
        for value in Self.hostile {
            let outcome = pipeline.processRequest(try Self.request(carrying: value))
            let host = outcome.request.url.host
            #expect(host.utf8.allSatisfy { $0 == 0x2E || $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) },
                    "\(value.prefix(40).debugDescription) gave host \(host)")
        }
        // A plain label goes through both: the second rule's whole-host value wins.
        let fine = pipeline.processRequest(try Self.request(carrying: "eu-1"))
        #expect(fine.request.url.host == "eu-1", "\(fine.trace)")
        let labelled = try PipelineFixture.pipeline(#"rule "label" { request { set-host "${query.v}.example.com" } }"#)
        #expect(labelled.processRequest(try Self.request(carrying: "eu-1")).request.url.host == "eu-1.example.com")
    }

    @Test func setPathKeepsValuesInOneSegment() throws {
        let pipeline = try PipelineFixture.pipeline(#"rule "r" { request { set-path "/files/${query.v}" } }"#)
        for value in Self.hostile {
            let outcome = pipeline.processRequest(try Self.request(carrying: value))
            let segments = outcome.request.url.path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(segments.count <= 3 && segments.prefix(2) == ["", "files"], "\(value.prefix(40).debugDescription) gave \(outcome.request.url.path.prefix(80))")
            #expect(!segments.contains("..") && !segments.contains("."))
            #expect(outcome.request.url.query == "v=" + PercentEncoding.encodeQueryComponent(value), "the query is untouched")
        }
    }

    @Test func headersNeverCarryControlCharacters() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "r" {
                request {
                    set-header "X-Out" "id=${query.v}"
                    add-header "X-${header.X-V}" "1"
                }
            }
            """#)
        for value in Self.hostile {
            let request = try Self.request(carrying: value)
            let outcome = pipeline.processRequest(request)
            for field in outcome.request.headers {
                #expect(field.value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }, "\(value.prefix(40).debugDescription)")
                #expect(HTTPSyntax.isToken(field.name), "\(field.name)")
            }
            if !HTTPSyntax.isFieldValue(value) {
                #expect(outcome.request.headers["X-Out"] == nil)
                #expect(!Self.skippedReasons(outcome).isEmpty)
            }
        }
    }

    @Test func jsonValuesAreStringsAndPathsStayPaths() throws {
        let pipeline = try PipelineFixture.pipeline(#"""
            rule "r" {
                request {
                    inject-json "user.name" "${query.v}"
                    inject-json "user.${query.v}" true
                    wrap-json "${query.v}"
                }
            }
            """#)
        for value in Self.hostile {
            let outcome = pipeline.processRequest(try Self.request(carrying: value))
            let body = try #require(outcome.request.body)
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], "\(value.prefix(40).debugDescription)")
            #expect(parsed.count == 1)
            let wrapped = try #require(parsed[value] as? [String: Any], "wrap-json's key is the value itself")
            let user = try #require(wrapped["user"] as? [String: Any])
            #expect(user["name"] as? String == value, "inject-json's value is a JSON string of the value")
            // The templated path names one key, or the action was skipped.
            let keys = Set(user.keys)
            #expect(keys.isSubset(of: ["id", "name", value]), "\(keys)")
        }
    }
}
