#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite import-har` and `rewrite apply --har`, run as processes on a browser's HAR export.
@Suite struct HARCommandTests {
    static let root = ApplyCommandTests.root
    static let har = "Tests/Fixtures/har/browser-export.har"

    static func run(_ arguments: [String]) throws -> RewriteProcess.Result {
        try RewriteProcess.run(arguments, in: root)
    }

    /// Every file below `folder`, by relative path, with its bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = try Data(contentsOf: url)
            }
        }
        return result
    }

    @Test("import-har writes a recording that checks clean, names what it skipped, and is Rules/recorded byte for byte")
    func importWritesTheSampleRecording() throws {
        let output = try TemporaryFolder()
        let result = try Self.run(["import-har", Self.har, "--output", output.url.path, "--name", "shop"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("wrote \(output.url.path)/shop.rules: 6 rules for 6 entries, 5 body files in \(output.url.path)/bodies; 3 of 9 entries skipped\n"), "\(result)")
        #expect(result.stdout.contains("skipped entry 6: GET data:image/gif;base64,R0lGODlhAQABAAAAACw=: not an http(s) URL\n"))
        #expect(result.stdout.contains("skipped entry 7: GET https://tracker.example.net/beacon?id=9: no response (the request was blocked, cancelled or failed)\n"))
        #expect(result.stdout.contains("skipped entry 9: GET https://shop.example.com/api/catalog.csv: the HAR holds no body for this response (it says: response body not kept by the browser)\n"))
        #expect(result.stdout.hasSuffix("redacted 4 secret values: header Authorization ×1, header Cookie ×1, header set-cookie ×2\n"), "\(result)")
        let check = try Self.run(["check", "--warnings-as-errors", output.url.appendingPathComponent("shop.rules").path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
        // The sample in Rules/ is exactly what the importer writes: regenerate it with
        // `swift run rewrite import-har Tests/Fixtures/har/browser-export.har --output Rules/recorded --name shop --mode all`.
        #expect(try Self.files(in: output.url) == Self.files(in: Self.root.appendingPathComponent("Rules/recorded")))
    }

    @Test("import-har then apply --har: the recording answers every recorded request with its status and body, in order")
    func importThenApplyReplaysTheHAR() throws {
        let output = try TemporaryFolder()
        #expect(try Self.run(["import-har", Self.har, "-o", output.url.path]).status == 0)
        let rules = output.url.appendingPathComponent("browser-export.rules").path
        let result = try Self.run(["apply", rules, "--har", Self.har, "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(report["entries"] as? [[String: Any]])
        #expect(entries.count == 8)
        #expect((report["skipped"] as? [String])?.count == 1)

        // What the HAR recorded, entry by entry (the data: URL left out, as the importer does).
        let har = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent(Self.har))) as? [String: Any])
        let recorded = ((har["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? [])
            .filter { ($0["request"] as? [String: Any])?["url"] as? String != "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }
        #expect(recorded.count == entries.count)
        for (entry, har) in zip(entries, recorded) {
            let harResponse = har["response"] as? [String: Any] ?? [:]
            let status = harResponse["status"] as? Int ?? -1
            let content = harResponse["content"] as? [String: Any] ?? [:]
            let url = (har["request"] as? [String: Any])?["url"] as? String ?? ""
            guard status > 0, content["text"] != nil || (content["size"] as? Int ?? 0) == 0 else {
                // Not replayable (blocked, or no body in the HAR): the request goes on to the network.
                #expect(entry["responseSource"] as? String == "recorded" || entry["responseSource"] as? String == "none", "\(url)")
                continue
            }
            #expect(entry["responseSource"] as? String == "stub", "\(url)")
            let response = try #require(entry["response"] as? [String: Any], "\(url)")
            #expect(response["status"] as? Int == status, "\(url)")
            let body = response["body"] as? String ?? ""
            if content["encoding"] as? String == "base64" {
                let bytes = Data(base64Encoded: content["text"] as? String ?? "")?.count ?? -1
                #expect(body == "(\(bytes) bytes of binary data)", "\(url)")
            } else {
                #expect(body == (content["text"] as? String ?? ""), "\(url)")
            }
        }
    }

    @Test("apply --har ends with a summary of what the rules touched")
    func applyHARSummary() throws {
        let rules = try TemporaryFolder(["shop.rules": """
            rule "cart fails" {
                when method == POST and path == "/api/cart"
                respond 503
            }
            rule "mark products" {
                when path == "/api/products"
                response { set-header "X-Seen" "1" }
            }
            """])
        let result = try Self.run(["apply", rules.url.appendingPathComponent("shop.rules").path, "--har", Self.har])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("=== entry 1 of 8: GET https://shop.example.com/api/products?page=1&sort=price ==="))
        #expect(result.stdout.contains("RESPONSE  as recorded in the HAR"))
        #expect(result.stdout.contains("=== \(Self.har): 8 requests; rules applied to 3 (3 changed), 5 untouched ==="), "\(result.stdout)")
    }

    /// What real tools' HARs hold that a hand-written one did not (`findings.har`): a redirect
    /// whose `Location` carries an `api_key`, a body the HAR did not keep, a blocked request,
    /// a `data:` URL, `sig` and a cookie value copied into a URL and a body, a `Set-Cookie`
    /// folded into a bogus header name, and fields of other types than HAR 1.2 gives them.
    static let findings = "Tests/Fixtures/har/findings.har"
    /// The secret values in `findings.har`.
    static let findingsSecrets = ["SESSION-9f8e7d6c5b4a", "AIzaSyFAKEKEY1234567", "abcdef0123456789"]

    @Test("a HAR's findings: every entry written or skipped in the HAR's terms, in order; one warning; redirects kept as hops; no secret anywhere")
    func findings() throws {
        let output = try TemporaryFolder()
        let result = try Self.run(["import-har", Self.findings, "-o", output.url.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            wrote \(output.url.path)/findings.rules: 4 rules for 4 entries, 3 body files in \(output.url.path)/bodies; 3 of 7 entries skipped
            skipped entry 3: GET https://shop.example.com/big.js: the HAR holds no body for this response
            skipped entry 4: GET https://ads.example.net/pixel.gif?key=%3Credacted%3E: no response (the request was blocked, cancelled or failed)
            skipped entry 5: GET data:image/png;base64,iVBORw0KGgo=: not an http(s) URL
            redacted 6 secret values: header Cookie ×1, query api_key ×1, query key ×1, header Set-Cookie ×2, query sig ×1; credential-like copies scrubbed from 1 body

            """, "\(result)")
        #expect(result.stderr == "\(Self.findings): warning: 1 field does not have the type HAR 1.2 gives it and was read leniently "
            + "(first: log.entries[6].request.cookies: expected an array, found an object)\n")
        let rules = try String(contentsOf: output.url.appendingPathComponent("findings.rules"), encoding: .utf8)
        #expect(rules.contains("""
                respond 301 {
                    header "Location" "https://shop.example.com/landing?api_key=%3Credacted%3E"
            """), "the redirect is its own rule, with a Location that stays a URL")
        #expect(rules.contains("# 1 header not replayed: not a valid header name"), "a folded header's text is not written")
        #expect(rules.contains(#"header "X-Multi" "one""#) && rules.contains(#"header "X-Multi" "two""#), "an array of values is repeated headers")
        let applied = try Self.run(["apply", output.url.appendingPathComponent("findings.rules").path, "--har", Self.findings])
        #expect(applied.status == 0, "\(applied)")
        var texts = [result.stdout, result.stderr, applied.stdout, applied.stderr]
        texts += try Self.files(in: output.url).values.map { String(decoding: $0, as: UTF8.self) }
        for secret in Self.findingsSecrets {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret.prefix(6))… is written or printed")
        }
        let check = try Self.run(["check", "--warnings-as-errors", output.url.appendingPathComponent("findings.rules").path])
        #expect(check.status == 0, "\(check)")
    }

    @Test("a header named with --redact-header is a secret everywhere: its value is scrubbed from URLs and bodies too")
    func configuredHeader() throws {
        let trace = "TRACE-VALUE-123456"
        let har = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://a.test/start"},
               "response": {"status": 200, "headers": [{"name": "X-Trace-Token", "value": "\(trace)"}], "content": {"text": "ok"}}},
              {"request": {"method": "GET", "url": "https://a.test/next?t=\(trace)"},
               "response": {"status": 200, "headers": [], "content": {"text": "{\\"trace\\": \\"\(trace)\\"}"}}}
            ]}}
            """
        let output = try TemporaryFolder(["session.har": har])
        let plain = try Self.run(["import-har", output.url.appendingPathComponent("session.har").path, "-o", output.url.appendingPathComponent("plain").path])
        #expect(plain.status == 0, "\(plain)")
        #expect(try Self.files(in: output.url.appendingPathComponent("plain")).values.contains { String(decoding: $0, as: UTF8.self).contains(trace) },
                "without the option the value is no secret")
        let redacted = try Self.run([
            "import-har", output.url.appendingPathComponent("session.har").path, "-o", output.url.appendingPathComponent("redacted").path,
            "--redact-header", "x-trace-token",
        ])
        #expect(redacted.status == 0, "\(redacted)")
        let files = try Self.files(in: output.url.appendingPathComponent("redacted"))
        #expect(files.count == 3, "\(files.keys)")
        #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains(trace) } && !redacted.stdout.contains(trace))
    }

    @Test("--empty-bodies stubs a response whose body the HAR did not keep with an empty body, on purpose")
    func emptyBodies() throws {
        let output = try TemporaryFolder()
        let result = try Self.run(["import-har", Self.findings, "-o", output.url.path, "--empty-bodies"])
        #expect(result.stdout.hasPrefix("wrote \(output.url.path)/findings.rules: 5 rules for 5 entries"), "\(result)")
        let rules = try String(contentsOf: output.url.appendingPathComponent("findings.rules"), encoding: .utf8)
        #expect(rules.contains(#"when method == GET and scheme == "https" and host == "shop.example.com" and path == "/big.js""#))
    }

    @Test("when every entry is skipped, nothing is written and the output says so")
    func nothingToRecord() throws {
        let output = try TemporaryFolder()
        let target = output.url.appendingPathComponent("out")
        let result = try Self.run(["import-har", "Tests/Fixtures/har/no-bodies.har", "-o", target.path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == """
            nothing to record: all 2 entries were skipped
            skipped entry 1: GET https://www.example.org/: the HAR holds no body for this response
            skipped entry 2: GET https://www.example.org/app.js: the HAR holds no body for this response

            """, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: target.path), "no folder")
    }

    @Test("a file that is not a HAR is one located line, exit 1, and no usage text", arguments: [
        (["import-har", "Rules/tutorial.rules", "--output", "/tmp/x"], "Rules/tutorial.rules:1:1: error: not a HAR file: not valid JSON: expected a value, found '#'\n"),
        (["apply", "Rules/tutorial.rules", "--har", "Package.swift"], "Package.swift:1:1: error: not a HAR file: not valid JSON: expected a value, found '/'\n"),
        (["import-har", "Tests/Fixtures/har/not-a-har.json", "-o", "/tmp/x"], "Tests/Fixtures/har/not-a-har.json:1:1: error: not a HAR file: log: missing\n"),
    ])
    func notAHAR(arguments: [String], stderr: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == stderr, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x/not-a-har.rules"))
    }

    @Test("bad input is a usage error that says what is wrong", arguments: [
        (["import-har", "Tests/Fixtures/har/browser-export.har"], "missing expected option '--output DIR'"),
        (["import-har", "Tests/Fixtures/har/browser-export.har", "-o", "/tmp/x", "--mode", "sometimes"], "invalid value 'sometimes' for '--mode'; expected once, new or all"),
        (["import-har", "nope.har", "-o", "/tmp/x"], "cannot read 'nope.har': no such file or directory"),
        (["apply", "Rules/tutorial.rules", "--har", "Tests/Fixtures/har/browser-export.har", "--request", "GET https://a.test/"], "'--request' cannot be used with '--har'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test("import-har --mode once leaves an existing recording as it was")
    func recordOnce() throws {
        let output = try TemporaryFolder(["browser-export.rules": "# mine\n"])
        let result = try Self.run(["import-har", Self.har, "-o", output.url.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("exists: left as it was"))
        #expect(try String(contentsOf: output.url.appendingPathComponent("browser-export.rules"), encoding: .utf8) == "# mine\n")
    }
}
#endif

/// `rewrite apply --har` over a recorded WebSocket conversation: each message through the
/// message blocks, in its direction.
@Suite("apply --har, WebSockets")
struct ApplySocketHARTests {
    @Test func eachMessageGoesThroughTheBlocksOfItsDirection() throws {
        let folder = try TemporaryFolder()
        let har = folder.url.appendingPathComponent("socket.har")
        try Data(#"""
            {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [
              {"startedDateTime": "2026-12-06T12:00:00.000Z", "time": 5,
               "request": {"method": "GET", "url": "https://chat.test/socket", "headers": [], "cookies": [], "queryString": []},
               "response": {"status": 101, "headers": [{"name": "Upgrade", "value": "websocket"}], "cookies": [], "content": {"size": 0, "mimeType": "x-unknown"}},
               "_webSocketMessages": [
                 {"type": "receive", "time": 1796558400.25, "opcode": 1, "data": "{\"text\": \"hi\"}"},
                 {"type": "send", "time": 1796558400.5, "opcode": 1, "data": "typing"},
                 {"type": "receive", "time": 1796558401.0, "opcode": 2, "data": "AAEC"}
               ]}
            ]}}
            """#.utf8).write(to: har)
        let rules = folder.url.appendingPathComponent("socket.rules")
        try Data(#"""
            rule "socket" {
                when host == "chat.test" and scheme == "wss"
                response each message when json "text" exists { inject-json "seen" true }
                request each message when body == "typing" { drop }
            }
            """#.utf8).write(to: rules)
        let applied = try HARCommandTests.run(["apply", rules.path, "--har", har.path])
        #expect(applied.status == 0, "\(applied)")
        #expect(applied.stdout.contains("MESSAGES  3, 1 changed, 1 dropped"), "\(applied.stdout)")
        #expect(applied.stdout.contains(#"1 ←  {"text": "hi"}  →  {"text": "hi","seen":true}"#), "\(applied.stdout)")
        #expect(applied.stdout.contains("2 →  typing  →  dropped"), "\(applied.stdout)")
        #expect(applied.stdout.contains("3 ←  binary, 3 bytes  unchanged"), "\(applied.stdout)")
    }
}
