#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteKit
import Testing

/// Every HAR of `../shared/har-corpus` (54 files from 18 tools: browsers, proxies, recorders)
/// through `rewrite import-har`, `rewrite check` and a replay, as a new user would try them:
/// - a malformed file is refused in one located line, exit 1, no usage text, nothing written;
/// - any other file imports: every entry is written or listed as skipped, and the summary
///   line counts both (or says there is nothing to record, writing nothing);
/// - the recording checks clean and answers every written entry, in order, with the HAR's
///   status and body, each hop of a redirect with its 3xx and `Location`;
/// - no secret value (of a secret header or query parameter, 8 characters or more) is in any
///   file written or any line printed, by `import-har` or by `apply --har`.
@Suite("The HAR corpus")
struct HARCorpusTests {
    static let folder: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["REWRITEKIT_SHARED"].map { URL(fileURLWithPath: $0) },
            HARCommandTests.root.deletingLastPathComponent().appendingPathComponent("shared"),
        ]
        return candidates.compactMap { $0?.appendingPathComponent("har-corpus") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// The files `EXPECT` names, with their class (`malformed` or `off-spec`).
    static func expectations(in folder: URL) throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECT"), encoding: .utf8)
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 2 { result[String(words[0])] = String(words[1]) }
        }
        return result
    }

    static func files() -> [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".har") }.sorted()
    }

    @Test("the corpus is here: 54 HAR files, 6 of them named in EXPECT", .enabled(if: folder != nil, "../shared/har-corpus is absent here; CI has it"))
    func corpusIsComplete() throws {
        let folder = try #require(Self.folder)
        #expect(Self.files().count == 54)
        #expect(try Self.expectations(in: folder).count == 6)
    }

    @Test("imports, checks, replays and keeps its secrets", .enabled(if: folder != nil, "../shared/har-corpus is absent here; CI has it"),
          arguments: files())
    func corpusFile(_ name: String) throws {
        let folder = try #require(Self.folder)
        let expected = try Self.expectations(in: folder)[name]
        let path = folder.appendingPathComponent(name).path
        let output = try TemporaryFolder()
        let target = output.url.appendingPathComponent("recording")
        let stem = String(name.dropLast(4))
        let imported = try HARCommandTests.run(["import-har", path, "-o", target.path])

        let refused = imported.status == 1
        if expected == "malformed" || (expected == "off-spec" && refused) {
            #expect(imported.status == 1, "\(imported)")
            #expect(imported.stderr.hasPrefix(path + ":") && imported.stderr.contains(": error: not a HAR file: "), "\(imported)")
            #expect(imported.stderr.filter { $0 == "\n" }.count == 1, "one line: \(imported)")
            #expect(imported.stdout.isEmpty && !imported.stderr.contains("usage"), "\(imported)")
            #expect(!FileManager.default.fileExists(atPath: target.path), "nothing is written")
            return
        }
        #expect(imported.status == 0, "\(imported)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let entries = try Self.entries(data)
        let lines = imported.stdout.split(separator: "\n").map(String.init)
        let skipped = lines.filter { $0.hasPrefix("skipped ") }
        let rulesFile = target.appendingPathComponent(stem + ".rules")
        if let first = lines.first, first.hasPrefix("nothing to record: ") {
            #expect(skipped.count == entries.count, "every entry is listed: \(imported)")
            #expect(!FileManager.default.fileExists(atPath: target.path), "nothing written, no folder")
        } else {
            // `wrote PATH: R rules for N entries, B body files in DIR[; S of T entries skipped]`
            let summary = try #require(lines.first)
            let written = try #require(Self.number(before: " entr", in: summary), "\(summary)")
            #expect(written + skipped.count == entries.count, "\(summary)")
            if !skipped.isEmpty { #expect(summary.hasSuffix("; \(skipped.count) of \(entries.count) entries skipped"), "\(summary)") }
            let check = try HARCommandTests.run(["check", rulesFile.path])
            #expect(check.status == 0, "\(check)")
            let replayed = try Self.replay(rulesFile, data: data, file: name)
            #expect(replayed == written, "every entry written replays: \(replayed) of \(written)")
        }

        // Secrets, in every file written and every line printed.
        let secrets = Self.secrets(entries)
        var texts = [("import-har output", imported.stdout + imported.stderr)]
        for file in (try? FileManager.default.subpathsOfDirectory(atPath: target.path)) ?? [] {
            let url = target.appendingPathComponent(file)
            if let bytes = try? Data(contentsOf: url) { texts.append((file, String(decoding: bytes, as: UTF8.self))) }
        }
        let applied = try HARCommandTests.run(["apply", FileManager.default.fileExists(atPath: rulesFile.path) ? rulesFile.path : "Rules/tutorial.rules", "--har", path])
        #expect(applied.status == 0, "\(applied.stderr)")
        texts.append(("apply --har output", applied.stdout + applied.stderr))
        for secret in secrets {
            for (place, text) in texts where text.contains(secret) {
                Issue.record("\(name): a secret (\(secret.prefix(4))…, \(secret.count) characters) is in \(place)")
            }
        }
    }

    /// Replays each entry the recording holds through its rules, in order: the HAR's status
    /// and body (as read, secrets redacted), and a redirect's `Location`. An entry whose body
    /// the HAR lacks is sent too, as the app would send it: it keeps its place, so the calls
    /// after it get their own answers. Returns how many were answered.
    static func replay(_ rulesFile: URL, data: Data, file: String) throws -> Int {
        let archive = try HTTPArchive(data: data)
        var replayed = 0
        let pipeline = Pipeline(ruleSets: [try RuleSet(contentsOf: rulesFile)])
        for exchange in archive.exchanges {
            guard exchange.source == .network, let response = exchange.serverResponse else { continue }
            guard exchange.hasCompleteBody else {
                _ = pipeline.processRequest(exchange.request)
                continue
            }
            let label = "\(file): \(exchange.request.method) \(exchange.request.url.description.prefix(150))"
            guard case .respond(let stub) = pipeline.processRequest(exchange.request).disposition else {
                Issue.record("\(label): no rule answered")
                continue
            }
            replayed += 1
            #expect(stub.status == response.status, "\(label)")
            #expect(stub.body == response.body, "\(label): \(stub.body.count) bytes against \(response.body.count)")
            if (300..<400).contains(response.status), let location = response.headers["Location"] {
                #expect(stub.headers["Location"] == location, "\(label)")
            }
        }
        return replayed
    }

    /// The entries of a HAR, read with Foundation's parser (a byte order mark allowed).
    static func entries(_ data: Data) throws -> [[String: Any]] {
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
        return (root["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    }

    /// The secret values of a HAR, found independently of the code under test: values of
    /// secret headers (the credentials after a scheme; each Cookie pair's value; a
    /// Set-Cookie's cookie, not its attributes) and of query parameters whose names end with
    /// a secret name; 8 characters or more.
    static func secrets(_ entries: [[String: Any]]) -> Set<String> {
        let headers: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
        let queries = [
            "token", "access_token", "id_token", "refresh_token", "api_key", "apikey", "key", "sig", "signature", "secret",
            "client_secret", "password", "passwd", "auth", "session", "sessionid", "code",
        ]
        var found = Set<String>()
        for entry in entries {
            for side in ["request", "response"] {
                for header in ((entry[side] as? [String: Any])?["headers"] as? [[String: Any]]) ?? [] {
                    guard let name = (header["name"] as? String)?.lowercased(), headers.contains(name) else { continue }
                    let values = (header["value"] as? [String]) ?? [(header["value"] as? String)].compactMap { $0 }
                    for value in values {
                        found.insert(value)
                        let trimmed = value.trimmingCharacters(in: .whitespaces)
                        if let space = trimmed.firstIndex(of: " ") { found.insert(trimmed[space...].trimmingCharacters(in: .whitespaces)) }
                        let pairs = value.split(separator: ";")
                        for pair in name == "set-cookie" ? Array(pairs.prefix(1)) : pairs {
                            if let equals = pair.firstIndex(of: "=") { found.insert(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)) }
                        }
                    }
                }
            }
            let url = ((entry["request"] as? [String: Any])?["url"] as? String) ?? ""
            for item in URLComponents(string: url)?.queryItems ?? [] {
                let name = item.name.lowercased()
                if let value = item.value, queries.contains(where: name.hasSuffix) { found.insert(value) }
            }
        }
        // Secret values are redacted where they stand; elsewhere (bodies, other headers,
        // URLs) only those that look like credentials, as the README says: a cookie holding
        // a URL or a timestamp is ordinary text there. Those are the ones looked for here.
        return found.filter { value in
            let mixed = value.range(of: "[A-Za-z]", options: .regularExpression) != nil && value.range(of: "[0-9]", options: .regularExpression) != nil
            let cases = value.range(of: "[a-z]", options: .regularExpression) != nil && value.range(of: "[A-Z]", options: .regularExpression) != nil
            let isURL = (value.removingPercentEncoding ?? value).contains("://")
            return value.count >= 12 && !isURL && value.rangeOfCharacter(from: .whitespacesAndNewlines) == nil
                && (mixed || cases || value.count >= 32) && value != "<redacted>"
        }
    }

    /// The number just before `marker` in `text` (`6 rules for 6 entries`: 6 before ` entr`).
    static func number(before marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
    }
}
#endif
