import Foundation

/// The command line: `[--rules PATH] [--server URL]`.
struct TutorialOptions {
    /// A usage problem, worded for the user.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// The tutorial rule file.
    var rulesURL: URL
    /// An httpbin-compatible server to use instead of starting one.
    var serverURL: URL?

    /// The default rule file, looked for in the current directory and its parents.
    static let defaultRulesPath = "Rules/tutorial.rules"

    init(arguments: [String]) throws(UsageError) {
        var rulesPath: String?
        var serverURL: URL?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--rules":
                guard let path = remaining.popFirst() else { throw UsageError(description: "'--rules' needs a path") }
                rulesPath = path
            case "--server":
                guard let text = remaining.popFirst() else { throw UsageError(description: "'--server' needs a URL") }
                guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                    throw UsageError(description: "'--server' needs an http or https URL, found '\(text)'")
                }
                serverURL = url
            case "-h", "--help":
                print(Self.help)
                exit(0)
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        if let rulesPath {
            rulesURL = URL(fileURLWithPath: rulesPath)
        } else if let found = Self.find(Self.defaultRulesPath) {
            rulesURL = found
        } else {
            throw UsageError(description: "cannot find '\(Self.defaultRulesPath)' here or in a parent folder; "
                + "run from the package root or pass --rules PATH")
        }
        self.serverURL = serverURL
    }

    static let help = """
        usage: TutorialProxy [--rules PATH] [--server URL]

        Runs the rule language's first example on real URLSession traffic: posts
        {"hello":"world"} to https://httpbin.org/post, which a second rule set routes
        to a loopback echo server, and checks what the server saw and the app got.

          --rules PATH   the tutorial rule file (default: Rules/tutorial.rules, found
                         from the current directory upwards)
          --server URL   an httpbin-compatible server to route httpbin.org to, instead
                         of the loopback server this program starts
        """

    /// `relativePath` in the current directory or the nearest parent that has it.
    private static func find(_ relativePath: String) -> URL? {
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) {
                // Show the path the way the user would type it from here.
                return folder.path == FileManager.default.currentDirectoryPath ? URL(fileURLWithPath: relativePath) : candidate
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}
