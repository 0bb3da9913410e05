import Foundation
import Testing

@testable import RewriteKit

/// The pieces a HAR import is made of: dates, lenient fields, and the secrets it finds again.
@Suite("HAR reading and redaction")
struct HARReadingTests {
    @Test("HAR dates parse with fractions and offsets, as Foundation's ISO 8601 formatter reads them, and write back", arguments: [
        "2024-03-01T10:00:00.000Z", "2024-03-01T10:00:00Z", "2015-08-29T12:00:00.123+02:00", "2017-11-13T11:56:23.962-05:00",
        "1999-12-31T23:59:59.999999Z", "2024-02-29T00:00:00+0130",
    ])
    func dates(text: String) throws {
        let parsed = try #require(HARDate.parse(text))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let expected = try #require(formatter.date(from: text) ?? plain.date(from: text) ?? formatter.date(from: text.replacingOccurrences(of: "+0130", with: "+01:30")))
        #expect(abs(parsed.timeIntervalSince(expected)) < 0.001, "\(parsed) against \(expected)")
        let written = HARDate.string(from: parsed)
        #expect(written == formatter.string(from: parsed), "written as Foundation writes it")
        #expect(abs((HARDate.parse(written) ?? .distantPast).timeIntervalSince(parsed)) < 0.001)
    }

    @Test("text that is not a HAR date is nil", arguments: ["", "2024-03-01", "2024-13-01T00:00:00Z", "2024-03-01T10:00:00", "2024-03-01T10:00:00.Z", "yesterday"])
    func notDates(text: String) {
        #expect(HARDate.parse(text) == nil)
    }

    @Test("a query parameter is a secret when its name, in any case, is on the list or ends with a name on it")
    func secretQueryNames() {
        let names = SecretNames()
        for name in ["token", "API_KEY", "x_api_key", "sessionId", "goog_sig", "Signature", "code", "refresh_token", "key"] {
            #expect(names.isSecretQuery(name), "\(name)")
        }
        for name in ["page", "sort", "user", "keys", "tokenType", "q"] {
            #expect(!names.isSecretQuery(name), "\(name)")
        }
        #expect(names.isSecretHeader("X-API-Key"))
    }

    @Test("secret values are scrubbed in one pass: the longest first, at the edges, side by side; nothing copied without a hit")
    func scrub() {
        var secrets = SecretValues(shortest: SecretValues.shortestInData)
        secrets.add(headerValue: "Bearer abcdefgh12345678", of: "Authorization")
        secrets.add(headerValue: "sid=SESSION-1234; theme=dark-mode-on", of: "Cookie")
        secrets.add(headerValue: "id=COOKIE-7777; Path=/account/settings; Domain=.example.com", of: "Set-Cookie")
        secrets.add("short")
        let text = "abcdefgh12345678 SESSION-1234SESSION-1234 x=dark-mode-on COOKIE-7777"
        #expect(secrets.scrub(text) == "<redacted> <redacted><redacted> x=<redacted> <redacted>")
        #expect(secrets.scrub("/account/settings on .example.com") == "/account/settings on .example.com", "Set-Cookie attributes are no secret")
        #expect(secrets.scrub("short text") == "short text", "values under 8 characters stay where they are not structured")
        let body = Array(#"{"token": "abcdefgh12345678"}"#.utf8)
        #expect(secrets.scrub(body) == Array(#"{"token": "<redacted>"}"#.utf8))
        #expect(secrets.scrub("Bearer abcdefgh12345678") == "<redacted>", "the whole header value first, then its credentials")
    }

    @Test("every field the importer does not need may have any type, with one warning; header arrays repeat; a BOM is fine")
    func lenientFields() throws {
        let text = """
            \u{FEFF}{"log": {"entries": [{
              "request": {"method": "GET", "url": "https://a.test/x", "cookies": {"a": 1}, "headers": [{"name": "Accept", "value": ["a/b", "c/d"]}],
                          "queryString": "none"},
              "response": {"status": "200", "headers": [{"name": "X-Count", "value": 3}], "content": {"size": 2, "text": "ok"}, "cookies": 7},
              "timings": [], "cache": null, "time": "12.5"
            }]}}
            """
        let archive = try HTTPArchive(data: Data(text.utf8))
        let exchange = try #require(archive.exchanges.first)
        #expect(exchange.request.headers.values(for: "Accept") == ["a/b", "c/d"])
        #expect(exchange.response?.status == 200 && exchange.response?.headers["X-Count"] == "3")
        #expect(exchange.response?.body == Array("ok".utf8))
        #expect(exchange.duration == 0.0125)
        // request.cookies, queryString, status, X-Count's value, response.cookies, timings, time.
        #expect(archive.warnings == [
            "7 fields do not have the types HAR 1.2 gives them and were read leniently (first: log.entries[0].request.cookies: expected an array, found an object)"
        ])
    }
}
