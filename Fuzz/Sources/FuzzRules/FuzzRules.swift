import FuzzSupport
import RewriteKit

/// Any bytes as a rule file, through the public API an app uses: loading must either give
/// a rule set or throw diagnostics with at least one error, never crash or hang; every
/// position reported must lie inside the file; a rule set that loads must run.
@main
enum FuzzRules {
    static func main() {
        Fuzzer.run(fuzzRulesTestOneInput)
    }

    /// One input through the compiler (and, when it loads, through a pipeline). Rule text
    /// arrives as a string, as apps pass it, so invalid UTF-8 is replaced as it would be.
    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let ruleSet: RuleSet
        do {
            ruleSet = try RuleSet(rules: text, name: "fuzz.rules")
        } catch let error as RuleSetError {
            let diagnostics = error.diagnostics
            if case .invalidRules = error, !diagnostics.contains(where: \.isError) {
                Fuzzer.fail("rules were refused without an error: \(error)")
            }
            for diagnostic in diagnostics { checkPositions(of: diagnostic, in: text) }
            return
        } catch {
            Fuzzer.fail("loading threw something other than RuleSetError: \(error)")
        }
        for diagnostic in ruleSet.warnings { checkPositions(of: diagnostic, in: text) }
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
    static func checkPositions(of diagnostic: Diagnostic, in text: String) {
        var ranges = [diagnostic.range]
        ranges += diagnostic.notes.compactMap(\.range)
        if let fixIt = diagnostic.fixIt { ranges.append(fixIt.range) }
        let byteCount = text.utf8.count
        let lineCount = text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        for range in ranges {
            for location in [range.start, range.end] {
                guard location.line >= 1, location.line <= lineCount + 1, location.column >= 1,
                      location.offset >= 0, location.offset <= byteCount
                else {
                    Fuzzer.fail("\(diagnostic.message): \(location) (offset \(location.offset)) outside a file of \(lineCount) lines, \(byteCount) bytes")
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
