#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite lsp` run as a process with framed JSON-RPC on standard input: the session CI
/// also drives with pytest-lsp, here with nothing but Swift.
@Suite struct LanguageServerTests {
    /// `messages` framed as LSP frames them.
    static func framed(_ messages: [String]) -> String {
        messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
    }

    /// The JSON objects in the server's output.
    static func replies(_ output: String) throws -> [[String: Any]] {
        var replies: [[String: Any]] = []
        var rest = Substring(output)
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[..<header.lowerBound].replacingOccurrences(of: "Content-Length: ", with: "")) ?? 0
            let body = rest[header.upperBound...].utf8.prefix(length)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            replies.append(object)
            rest = Substring(String(decoding: rest[header.upperBound...].utf8.dropFirst(length), as: UTF8.self))
        }
        return replies
    }

    @Test func aSessionAnswersEachRequestAndPublishesDiagnostics() throws {
        let typo = #"rule \"wrap\" {\n    request { wrap-jsn \"wrapper\" }\n}\n"#
        let input = Self.framed([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/api.rules","languageId":"rewrite-rules","version":1,"text":"\#(typo)"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///tmp/api.rules"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/api.rules"},"position":{"line":1,"character":6}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"no/such/method","params":{}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let result = try RewriteProcess.run(["lsp"], input: input)
        #expect(result.status == 0, "\(result)")
        let replies = try Self.replies(result.stdout)
        let byID = Dictionary(replies.compactMap { reply in (reply["id"] as? Int).map { ($0, reply) } }) { first, _ in first }
        let capabilities = (byID[1]?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["documentFormattingProvider"] as? Bool == true)
        let published = replies.first { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let diagnostics = (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "unknown-name")
        let start = (diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 1 && start?["character"] as? Int == 14)
        let symbols = byID[2]?["result"] as? [[String: Any]] ?? []
        #expect(symbols.map { $0["name"] as? String } == ["wrap"])
        let hover = ((byID[3]?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(hover?.contains("request") == true)
        #expect((byID[4]?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(byID[5] != nil)
    }

    @Test func exitWithoutShutdownIsAFailure() throws {
        let result = try RewriteProcess.run(["lsp"], input: Self.framed([#"{"jsonrpc":"2.0","method":"exit"}"#]))
        #expect(result.status == 1)
    }
}
#endif
