import FuzzSupport
import RewriteKit

/// Any bytes as a rule file: the front end must report diagnostics, never crash or hang,
/// and every position it reports must lie inside the file.
@main
enum FuzzRules {
    static func main() {
        Fuzzer.run(fuzzRulesTestOneInput)
    }

    /// One input through analysis (and, when clean, through the compiler and a request).
    static func check(_ bytes: [UInt8]) {
        let source = SourceFile(name: "fuzz.rules", bytes: bytes)
        let analysis = RuleFileAnalysis.analyze(source)
        for diagnostic in analysis.diagnostics {
            checkPositions(of: diagnostic, in: source)
        }
        // The formatter reads the source lines the diagnostics point at.
        _ = DiagnosticFormatter(source: source).format(analysis.diagnostics)
        guard !analysis.hasErrors else { return }
        // A file the checker accepts must compile, and its pipeline must run.
        let ruleSet: RuleSet
        do {
            ruleSet = try RuleSet(source: source.text, name: source.name, baseDirectory: nil)
        } catch {
            Fuzzer.fail("the checker accepts the file but the compiler rejects it: \(error)")
        }
        let pipeline = Pipeline(ruleSets: [ruleSet])
        for request in requests {
            _ = pipeline.mightApply(to: request)
            let outcome = pipeline.processRequest(request)
            if case .forward = outcome.disposition {
                _ = pipeline.processResponse(response, for: outcome)
            }
        }
    }

    /// Requests that exercise most subjects: methods, hosts, paths, queries, headers, JSON.
    static let requests: [HTTPRequest] = [
        HTTPRequest(
            method: "POST", url: "https://api.myapp.com/v1/users/42?page=2&q=a%20b",
            headers: ["Content-Type": "application/json", "X-Debug": "1"],
            body: Array(#"{"user": {"id": 1, "name": "Ada"}, "items": [1, 2]}"#.utf8)),
        HTTPRequest(method: "GET", url: "http://x.ads.example.com:8080/images/a.png", headers: ["Accept": "*/*"]),
    ].compactMap { $0 }

    /// A JSON response for the response phase.
    static let response = HTTPResponse(
        status: 503, headers: ["Content-Type": "application/json"],
        body: Array(#"{"error": {"code": 7}, "data": [true, null]}"#.utf8))

    /// Traps unless every location of the diagnostic is inside the file.
    static func checkPositions(of diagnostic: Diagnostic, in source: SourceFile) {
        var ranges = [diagnostic.range]
        ranges += diagnostic.notes.compactMap(\.range)
        if let fixIt = diagnostic.fixIt { ranges.append(fixIt.range) }
        let byteCount = source.text.utf8.count
        for range in ranges {
            for location in [range.start, range.end] {
                guard location.line >= 1, location.line <= source.lineCount + 1, location.column >= 1,
                      location.offset >= 0, location.offset <= byteCount
                else {
                    Fuzzer.fail("\(diagnostic.message): \(location) (offset \(location.offset)) outside a file of \(source.lineCount) lines, \(byteCount) bytes")
                }
            }
            guard range.start.offset <= range.end.offset else {
                Fuzzer.fail("\(diagnostic.message): range \(range) ends before it starts")
            }
        }
    }
}

/// libFuzzer's entry point, exported under its C name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRulesTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzRules.check(Fuzzer.bytes(data, size))
    return 0
}
