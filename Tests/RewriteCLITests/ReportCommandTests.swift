#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteKit
import Testing

/// `rewrite report`: one self-contained HTML page of what the rules did to each exchange of
/// a HAR, checked as a file and, where chromium is installed (CI installs it), in the browser.
@Suite struct ReportCommandTests {
    static let har = "Tests/Fixtures/har/browser-export.har"
    static let rules = "Tests/Fixtures/report/shop.rules"
    /// The exchanges of `browser-export.har` by their place in it (entry 6 is a `data:` URL)
    /// and the rules that apply to each, as `shop.rules` says.
    static let expectedRules: [Int: [String]] = [
        0: ["sale prices"], 1: ["sale prices"], 2: ["offline login"], 3: [], 4: ["tag the cart"], 6: [], 7: ["tag the cart"], 8: [],
    ]

    /// Writes the report of `har` through `rules` into `folder`; returns the page's file.
    static func report(_ har: String, rules: [String], in folder: URL) throws -> URL {
        let page = folder.appendingPathComponent("report.html")
        let result = try HARCommandTests.run(["report", har] + rules.flatMap { ["--rules", $0] } + ["-o", page.path])
        #expect(result.status == 0, "\(result)")
        return page
    }

    @Test("the page is one file that loads nothing: a row per exchange with its place in the HAR and the rules that applied, within twice the HAR's size plus 200 KB")
    func page() throws {
        let folder = try TemporaryFolder()
        let result = try HARCommandTests.run(["report", Self.har, "--rules", Self.rules, "-o", folder.url.appendingPathComponent("r.html").path])
        #expect(result.status == 0 && result.stdout == "wrote \(folder.url.path)/r.html: 8 exchanges\n", "\(result)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("r.html"), encoding: .utf8)
        let rows = TextMatches.captures(of: #"<tr data-exchange="(\d+)""#, in: html).compactMap { Int($0[0]) }
        #expect(rows == Self.expectedRules.keys.sorted())
        for (index, rules) in Self.expectedRules {
            let row = try #require(html.range(of: "<tr data-exchange=\"\(index)\"").map { html[$0.lowerBound...].prefix { $0 != "\n" } })
            for rule in rules { #expect(row.contains("<span class=\"rule\">\(rule)</span>"), "row \(index): \(row)") }
            if rules.isEmpty { #expect(row.contains("<span class=\"none\">none</span>"), "row \(index)") }
        }
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none';"#))
        #expect(html.range(of: #"(src|href|action|srcset)\s*=\s*["']?\s*(https?:|//)|url\(|@import"#, options: [.regularExpression, .caseInsensitive]) == nil, "nothing outside the file is named")
        let harSize = try Data(contentsOf: HARCommandTests.root.appendingPathComponent(Self.har)).count
        #expect(html.utf8.count <= 2 * harSize + 200 * 1024, "\(html.utf8.count) bytes for a HAR of \(harSize)")
        #expect(!html.contains("HAR-CANARY"), "the HAR's secrets are redacted in the page")
    }

    @Test("text from the traffic is data in the page: a URL, header or body cannot end an element or run script")
    func hostileText() throws {
        let folder = try TemporaryFolder()
        let hostile = #"</script><script>alert(1)</script><img src=x onerror=alert(2)>"#
        let har = """
            {"log": {"entries": [{"request": {"method": "GET", "url": "https://a.test/x?q=\(hostile.replacingOccurrences(of: "\"", with: "\\\""))",
              "headers": [{"name": "X-Evil", "value": "\(hostile.replacingOccurrences(of: "\"", with: "\\\""))"}]},
              "response": {"status": 200, "headers": [], "content": {"text": "\(hostile.replacingOccurrences(of: "\"", with: "\\\""))"}}}]}}
            """
        try folder.write("evil.har", har)
        let page = try Self.report(folder.url.appendingPathComponent("evil.har").path, rules: [], in: folder.url)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<script").count == 3, "only the page's own two script elements")
        #expect(!html.contains("<img src=x"))
        if HeadlessBrowser.executable != nil {
            let loaded = try HeadlessBrowser.load(page, fragment: "open=1")
            #expect(loaded.bodyAttribute("data-state") == "ready" && loaded.bodyAttribute("data-errors") == "0", "\(loaded.console)")
            #expect(!loaded.dom.contains("<img src=\"x\""), "the body stays text")
        }
    }

    @Test("in a real browser: every exchange has its row, the applied rules and a near miss show, filters narrow the rows, no console error, nothing requested",
          .enabled(if: HeadlessBrowser.executable != nil, "chromium is not installed here; CI installs it"))
    func inBrowser() throws {
        let folder = try TemporaryFolder()
        let page = try Self.report(Self.har, rules: [Self.rules], in: folder.url)

        let all = try HeadlessBrowser.load(page)
        #expect(all.bodyAttribute("data-state") == "ready", "\(all.console)")
        #expect(all.bodyAttribute("data-errors") == "0" && all.bodyAttribute("data-blocked") == "0", "\(all.console)")
        #expect(all.console.isEmpty, "\(all.console)")
        #expect(all.rows.map(\.index) == Self.expectedRules.keys.sorted() && all.rows.allSatisfy { !$0.hidden })
        #expect(all.dom.contains("<h2>#1 GET "), "without open=, the first row is open")
        // open=N is the row numbered N in the # column (data-exchange N - 1).
        let fifth = try HeadlessBrowser.load(page, fragment: "open=5")
        #expect(fifth.dom.contains(#"<tr data-exchange="4""#) && fifth.dom.contains("<h2>#5 "), "\(fifth.dom.suffix(2000))")
        let filtered = try HeadlessBrowser.load(page, fragment: "rule=tag%20the%20cart")
        #expect(filtered.dom.contains("<h2>#5 "), "the first row the filter shows is open")

        // Rows by rule, by status class, only the changed, only those no rule applied to.
        func visible(_ fragment: String) throws -> [Int] {
            let loaded = try HeadlessBrowser.load(page, fragment: fragment)
            #expect(loaded.bodyAttribute("data-errors") == "0", "\(fragment): \(loaded.console)")
            return loaded.rows.filter { !$0.hidden }.map(\.index)
        }
        #expect(try visible("rule=tag%20the%20cart") == [4, 7])
        #expect(try visible("unmatched=1") == [3, 6, 8])
        #expect(try visible("changed=1") == [0, 1, 2, 4, 7])
        #expect(try visible("status=failed") == [6])
        #expect(try visible("q=login") == [2])

        // The detail pane: the rules' changes before and after, and a near miss.
        let changed = try HeadlessBrowser.load(page, fragment: "open=1")
        #expect(changed.dom.contains(#"<tr class="add"><td>X-Sale</td><td>on</td></tr>"#), "the added header is marked")
        #expect(changed.dom.contains(#"<span class="add">  "sale": true</span>"#), "the injected field is marked in the pretty-printed JSON")
        let image = try HeadlessBrowser.load(page, fragment: "open=4")
        #expect(image.dom.contains(#"<img class="body" alt="image body" src="data:image/png;base64,"#), "an image body is shown")
        let unmatched = try HeadlessBrowser.load(page, fragment: "open=9")
        #expect(unmatched.dom.contains("No rule applied · closest"))
        #expect(unmatched.dom.contains(#"<li class="failed">✗ path == "/api/catalog.json"   (path: "/api/catalog.csv")</li>"#), "\(unmatched.dom.suffix(3000))")
    }

    @Test("a browser's HAR from the corpus renders: a row per exchange, no console error",
          .enabled(if: HeadlessBrowser.executable != nil && HARCorpusTests.folder != nil, "needs chromium and ../shared/har-corpus; CI has both"))
    func corpusHAR() throws {
        let folder = try TemporaryFolder()
        let har = try #require(HARCorpusTests.folder).appendingPathComponent("chrome-51--harviewer.har")
        let page = try Self.report(har.path, rules: ["Rules"], in: folder.url)
        let loaded = try HeadlessBrowser.load(page, fragment: "open=1")
        #expect(loaded.bodyAttribute("data-state") == "ready" && loaded.bodyAttribute("data-errors") == "0", "\(loaded.console)")
        #expect(loaded.rows.count == 27)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.utf8.count <= 2 * (try Data(contentsOf: har).count) + 200 * 1024)
    }
}
#endif
