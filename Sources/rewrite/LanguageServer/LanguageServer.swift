import Foundation
import RewriteKit

/// `rewrite lsp`: a Language Server Protocol server for rule files, over standard input and
/// output. It answers from the same compiler, formatter and vocabulary as the other
/// commands: diagnostics as the text changes (with fix-its as quick fixes), completion of the
/// words that fit where the cursor is, hover with a word's summary, go-to-definition for
/// `body file` / `set-body file` / `stream file` paths, one document symbol per rule, and
/// formatting through `rewrite fmt`.
///
/// Documents are synchronised whole (`TextDocumentSyncKind.Full`). Positions are LSP's:
/// 0-based lines and UTF-16 code units.
final class LanguageServer {
    /// The open documents' text, by URI.
    private var documents: [String: String] = [:]
    /// `shutdown` came: the next `exit` ends the process with status 0.
    private var isShutDown = false

    /// What handling a message gives: messages to send, and the exit status once `exit` came.
    struct Reply {
        var messages: [[String: Any]] = []
        var exitStatus: Int32?
    }

    /// Serves `stream` until `exit` or the end of the input; the process's exit status.
    static func serve(_ stream: inout MessageStream) -> Int32 {
        let server = LanguageServer()
        while let bytes = stream.next() {
            let reply = server.handle(bytes)
            for message in reply.messages {
                if let data = try? JSONSerialization.data(withJSONObject: message) { stream.send(data) }
            }
            if let status = reply.exitStatus { return status }
        }
        return server.isShutDown ? 0 : 1
    }

    /// Handles one message's JSON bytes.
    func handle(_ bytes: [UInt8]) -> Reply {
        guard let message = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
            return Reply(messages: [Self.error(id: NSNull(), code: -32700, message: "parse error: the message is not a JSON object")])
        }
        let method = message["method"] as? String ?? ""
        let params = message["params"] as? [String: Any] ?? [:]
        let id = message["id"]
        do {
            let (result, notifications) = try answer(method, params)
            var reply = Reply(messages: notifications)
            if method == "exit" { reply.exitStatus = isShutDown ? 0 : 1 }
            if let id { reply.messages.insert(["jsonrpc": "2.0", "id": id, "result": result ?? NSNull()], at: 0) }
            return reply
        } catch let failure as Failure {
            guard let id else { return Reply() }
            return Reply(messages: [Self.error(id: id, code: failure.code, message: failure.message)])
        } catch {
            guard let id else { return Reply() }
            return Reply(messages: [Self.error(id: id, code: -32603, message: "\(error)")])
        }
    }

    /// An error answer.
    struct Failure: Error {
        let code: Int
        let message: String
    }

    private static func error(id: Any, code: Int, message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]
    }

    /// The result of `method` (nil: JSON null) and the notifications it sends.
    private func answer(_ method: String, _ params: [String: Any]) throws -> (Any?, [[String: Any]]) {
        switch method {
        case "initialize":
            return (Self.capabilities, [])
        case "shutdown":
            isShutDown = true
            return (nil, [])
        case "textDocument/didOpen":
            let document = params["textDocument"] as? [String: Any] ?? [:]
            guard let uri = document["uri"] as? String else { return (nil, []) }
            documents[uri] = document["text"] as? String ?? ""
            return (nil, [publishDiagnostics(uri)])
        case "textDocument/didChange":
            guard let uri = Self.uri(params) else { return (nil, []) }
            let changes = params["contentChanges"] as? [[String: Any]] ?? []
            if let text = changes.last?["text"] as? String { documents[uri] = text }
            return (nil, [publishDiagnostics(uri)])
        case "textDocument/didClose":
            guard let uri = Self.uri(params) else { return (nil, []) }
            documents[uri] = nil
            return (nil, [Self.notification("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])])
        case "textDocument/completion":
            return (try document(params).completion(at: Self.position(params)), [])
        case "textDocument/hover":
            return (try document(params).hover(at: Self.position(params)), [])
        case "textDocument/definition":
            return (try document(params).definition(at: Self.position(params)), [])
        case "textDocument/documentSymbol":
            return (try document(params).symbols(), [])
        case "textDocument/formatting":
            return (try document(params).formatting(), [])
        case "textDocument/codeAction":
            let range = params["range"] as? [String: Any] ?? [:]
            return (try document(params).quickFixes(in: range), [])
        default:
            // Notifications nobody answers (`initialized`, `$/cancelRequest`, `didSave`, `exit`)
            // are fine; a request is not.
            if method == "exit" || method == "initialized" || method.hasPrefix("$/") || method.hasPrefix("textDocument/did")
                || method.hasPrefix("workspace/didChange") {
                return (nil, [])
            }
            throw Failure(code: -32601, message: "method not found: \(method)")
        }
    }

    static var capabilities: [String: Any] {
        [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 1],
            "completionProvider": ["triggerCharacters": [" "]],
            "hoverProvider": true,
            "definitionProvider": true,
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ] as [String: Any],
        "serverInfo": ["name": "rewrite", "version": HelpText.version],
        ]
    }

    private static func notification(_ method: String, _ params: [String: Any]) -> [String: Any] {
        ["jsonrpc": "2.0", "method": method, "params": params]
    }

    private static func uri(_ params: [String: Any]) -> String? {
        (params["textDocument"] as? [String: Any])?["uri"] as? String
    }

    private static func position(_ params: [String: Any]) -> (line: Int, character: Int) {
        let position = params["position"] as? [String: Any] ?? [:]
        return (position["line"] as? Int ?? 0, position["character"] as? Int ?? 0)
    }

    private func document(_ params: [String: Any]) throws -> RuleDocument {
        guard let uri = Self.uri(params), let text = documents[uri] else {
            throw Failure(code: -32602, message: "the document is not open")
        }
        return RuleDocument(uri: uri, text: text)
    }

    private func publishDiagnostics(_ uri: String) -> [String: Any] {
        let diagnostics = RuleDocument(uri: uri, text: documents[uri] ?? "").diagnostics().map(\.json)
        return Self.notification("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": diagnostics])
    }
}
