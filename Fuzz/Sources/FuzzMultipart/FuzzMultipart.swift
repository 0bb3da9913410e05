import FuzzSupport
import RewriteKit

/// Hostile multipart bodies through the part rules: the input is the body of a form upload
/// whose boundary is `b` .
/// Beyond "no crash", no timeout: a rule that picks no part leaves the body byte for byte;
/// a body the rules edit is still multipart, and reads back with the edit (the added part
/// is there, with its value); and a body the rules cannot read goes on as it came.
@main
enum FuzzMultipart {
    static func main() {
        Fuzzer.run(fuzzMultipartTestOneInput)
    }

    static let type = "multipart/form-data; boundary=b"

    static let pipelines: (edit: Pipeline, untouched: Pipeline, readBack: Pipeline) = {
        func pipeline(_ text: String) -> Pipeline {
            do {
                return Pipeline(ruleSets: [try RuleSet(rules: text, name: "fuzz-multipart.rules")], environment: .fixed(now: 0))
            } catch {
                fatalError("the harness's rules do not compile: \(error)")
            }
        }
        return (
            pipeline("""
                rule "edit" {
                    when part "a" exists or part filename "*.jpg" exists or part "m" json "k" == 1 or part "a" size > 10
                    request {
                        part "a" { set-body "X"; set-header "X-P" "1" }
                        part filename "*" { set-filename "f\\"${method}.txt" }
                        part content-type "application/json" { inject-json "k" 2 }
                        remove-part "r"
                        remove-part "added"
                        add-part "added" "value"
                    }
                }
                """),
            pipeline("""
                rule "none" {
                    request { part "no such part" { set-body "X" }; remove-part "no such part" }
                }
                """),
            pipeline("""
                rule "read back" {
                    when part "added" == "value"
                    request { tag "read" }
                }
                """)
        )
    }()

    static func check(_ bytes: [UInt8]) {
        guard let request = HTTPRequest(method: "POST", url: "https://up.example.com/u", headers: ["Content-Type": type], body: bytes) else {
            fatalError("the harness's request did not parse")
        }
        let untouched = pipelines.untouched.processRequest(request)
        guard untouched.request.body == bytes else { fatalError("a rule that picks no part changed the body") }
        let edited = pipelines.edit.processRequest(request)
        guard let body = edited.request.body else { fatalError("the body went missing") }
        if body != bytes {
            var again = request
            again.body = body
            let read = pipelines.readBack.processRequest(again)
            guard read.appliedRules.map(\.name) == ["read back"] else {
                fatalError("an edited body does not read back as multipart with its added part")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipartTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzMultipart.check(Fuzzer.bytes(data, size))
    return 0
}
