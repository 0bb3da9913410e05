import Testing

@testable import RewriteKit

/// The trace says which rules applied and what each action changed.
struct TraceTests {
    @Test func traceRecordsRulesActionsAndChanges() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "rewrite" {
                when host == "a.example"
                request {
                    set-header "User-Agent" "P/1"
                    remove-header "X-None"
                    set-path "/v2"
                    tag "moved"
                    log
                }
                response {
                    set-status 299
                    set-body "x"
                }
            }
            """, name: "t.rules")
        let request = try PipelineFixture.request("GET", "http://a.example/v1", headers: ["User-Agent": "A/1"])
        let result = PipelineFixture.exchange(pipeline, request, response: HTTPResponse(status: 200, body: Array("abc".utf8)))
        let rule = RuleReference(name: "rewrite", file: "t.rules", line: 1)
        #expect(result.trace.entries == [
            TraceEntry(rule: rule, phase: .request, line: 1, event: .ruleApplied),
            TraceEntry(rule: rule, phase: .request, line: 4, event: .changed(action: "set-header", change: .header(name: "User-Agent", before: ["A/1"], after: ["P/1"]))),
            TraceEntry(rule: rule, phase: .request, line: 5, event: .unchanged(action: "remove-header", reason: "no 'X-None' header")),
            TraceEntry(rule: rule, phase: .request, line: 6, event: .changed(action: "set-path", change: .url(before: "http://a.example/v1", after: "http://a.example/v2"))),
            TraceEntry(rule: rule, phase: .request, line: 7, event: .tag("moved")),
            TraceEntry(rule: rule, phase: .request, line: 8, event: .log("GET http://a.example/v2")),
            TraceEntry(rule: rule, phase: .response, line: 11, event: .changed(action: "set-status", change: .status(before: 200, after: 299))),
            TraceEntry(rule: rule, phase: .response, line: 12, event: .changed(action: "set-body", change: .body(beforeLength: 3, afterLength: 1, summary: "set text"))),
        ])
        #expect(result.trace.logAndTagEntries.map(\.event) == [.tag("moved"), .log("GET http://a.example/v2")])
        #expect(result.trace.entries[1].description == #"[request] "rewrite" (t.rules:4) set-header: User-Agent "A/1" -> "P/1""#)
    }

    @Test func traceRecordsStopsTerminalsAndFailedURLRewrites() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "bad url" {
                request { set-url "nope" }
                stop
            }
            """, name: "s.rules")
        let outcome = pipeline.processRequest(try PipelineFixture.request("GET", "http://h/"))
        #expect(outcome.trace.eventList == [
            .ruleApplied, .skipped(action: "set-url", reason: "'nope' is not an absolute URL"), .stopped,
        ])
        #expect(outcome.request.url.description == "http://h/")
    }
    /// A JSON edit's summary names its key or path, whether written literally (made when
    /// the rules load) or rendered from the request.
    @Test func jsonEditsSummarizeTheirKeyOrPath() throws {
        let pipeline = try PipelineFixture.pipeline("""
            rule "literal" {
                when path == "/literal"
                request {
                    inject-json "meta.by" "p"
                    remove-json "token"
                    wrap-json "data"
                }
            }
            rule "rendered" {
                when path == "/rendered"
                request {
                    inject-json "meta.${header.X-Field}" "p"
                    remove-json "${header.X-Drop}"
                    wrap-json "${header.X-Key}"
                }
            }
            """, name: "j.rules")
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Field": "who", "X-Drop": "token", "X-Key": "envelope"]
        var summaries: [String] = []
        for path in ["/literal", "/rendered"] {
            let request = try PipelineFixture.request("POST", "http://h\(path)", headers: headers, body: #"{"token":1}"#)
            for case .changed(_, .body(_, _, let summary)) in pipeline.processRequest(request).trace.eventList {
                summaries.append(summary)
            }
        }
        #expect(summaries == [
            #"set "meta.by""#, #"removed "token""#, #"wrapped in "data""#,
            #"set "meta.who""#, #"removed "token""#, #"wrapped in "envelope""#,
        ])
    }
}
