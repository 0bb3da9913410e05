import RewriteKit

/// Reads the message options of `rewrite apply`: `--request "METHOD URL"`,
/// `-H "Name: value"`, `--response STATUS` and `TEXT|@FILE` bodies. Every failure is a
/// usage error that quotes what was typed.
enum MessageArguments {
    /// `"POST https://httpbin.org/post"`, or a bare URL for a GET.
    static func request(_ text: String) throws -> (method: String, url: RequestURL) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let problem = "invalid value '\(text)' for '--request'; expected \"METHOD URL\" with an absolute URL, e.g. \"GET https://api.myapp.com/v1/users\""
        switch words.count {
        case 1:
            guard let url = RequestURL(string: String(words[0])) else { throw UsageError(problem, command: "apply") }
            return ("GET", url)
        case 2:
            let method = String(words[0])
            guard HTTPSyntax.isToken(method), let url = RequestURL(string: String(words[1])) else {
                throw UsageError(problem, command: "apply")
            }
            return (method.uppercased(), url)
        default:
            throw UsageError(problem, command: "apply")
        }
    }

    /// `"Name: value"`; the value's surrounding blanks are dropped, as HTTP does.
    static func header(_ text: String, option: String) throws -> (name: String, value: String) {
        let problem = "invalid value '\(text)' for '\(option)'; expected \"Name: value\""
        guard let colon = text.firstIndex(of: ":") else { throw UsageError(problem, command: "apply") }
        let name = String(text[..<colon])
        let value = String(text[text.index(after: colon)...]).trimmingBlanks
        guard HTTPSyntax.isToken(name) else { throw UsageError(problem, command: "apply") }
        guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw UsageError("invalid value '\(text)' for '\(option)'; a header value cannot contain CR, LF or NUL", command: "apply")
        }
        return (name, value)
    }

    /// A status code from 100 to 599.
    static func status(_ text: String) throws -> Int {
        guard let status = Int(text), (100...599).contains(status) else {
            throw UsageError("invalid value '\(text)' for '--response'; expected a status code from 100 to 599", command: "apply")
        }
        return status
    }

    /// A body: the text as typed, or with `@FILE` the file's bytes (`@-`: standard input).
    static func body(_ text: String, option: String) throws -> [UInt8] {
        guard text.hasPrefix("@") else { return Array(text.utf8) }
        let path = String(text.dropFirst())
        guard !path.isEmpty else {
            throw UsageError("invalid value '@' for '\(option)'; expected @FILE", command: "apply")
        }
        do {
            return path == "-" ? try FileReader.readStandardInput() : try FileReader.read(path: path)
        } catch let failure as FileReader.Failure {
            throw UsageError("\(failure.message) (for '\(option)')", command: "apply")
        }
    }

}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
