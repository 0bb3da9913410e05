#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Testing

/// Help, version and usage errors: argument-parser's conventions, with 2 for usage errors.
@Suite struct UsageTests {
    @Test func versionPrintsTheVersion() throws {
        let result = try RewriteProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
        #expect(result.stderr == "")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func rootHelpListsTheSubcommands(arguments: [String]) throws {
        let result = try RewriteProcess.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("usage: rewrite <subcommand>"))
        #expect(result.stdout.contains("check"))
        #expect(result.stdout.contains("apply"))
        #expect(result.stdout.contains("64"), "help says why usage errors exit 2, not 64")
    }

    @Test(arguments: ["check", "apply"])
    func subcommandHelp(subcommand: String) throws {
        for arguments in [[subcommand, "--help"], [subcommand, "-h"], ["help", subcommand], [subcommand, "x", "--nope", "--help"]] {
            let result = try RewriteProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout.contains("usage: rewrite \(subcommand)"), "\(arguments)")
            #expect(result.stderr == "")
        }
    }

    @Test func unknownSubcommandSuggestsTheNearestOne() throws {
        let result = try RewriteProcess.run(["chek", "a.rules"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: unknown subcommand 'chek'; did you mean 'check'?\n"), "\(result)")
        #expect(result.stderr.contains("see 'rewrite --help'"))
    }

    @Test func unknownOptionSuggestsTheNearestOne() throws {
        let result = try RewriteProcess.run(["check", "--frmat", "json", "a.rules"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unknown option '--frmat'; did you mean '--format'?\n"), "\(result)")
        #expect(result.stderr.contains("usage: rewrite check"))
    }

    @Test func badValuesAndMissingArgumentsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["check", "--format", "xml", "a.rules"], "error: invalid value 'xml' for '--format'; expected 'text' or 'json'"),
            (["check"], "error: missing expected argument 'FILE...'"),
            (["check", "a.rules", "--format"], "error: missing value for '--format'"),
            (["check", "-", "-"], "error: '-' (standard input) can be given only once"),
            (["--verison"], "error: unknown option '--verison'; did you mean '--version'?"),
            (["apply", "a.rules"], "error: missing expected option '--request \"METHOD URL\"'"),
            (["apply", "a.rules", "--request", "POST httpbin"], "error: invalid value 'POST httpbin' for '--request'"),
            (["apply", "a.rules", "--request", "GET https://a.b", "-H", "bad"], "error: invalid value 'bad' for '-H/--header'; expected \"Name: value\""),
            (["apply", "a.rules", "--request", "GET https://a.b", "--response-body", "x"], "error: '--response-body' needs '--response STATUS'"),
            (["apply", "a.rules", "--request", "GET https://a.b", "--response", "9999"], "error: invalid value '9999' for '--response'; expected a status code from 100 to 599"),
            (["apply", "a.rules", "--reqest", "GET https://a.b"], "error: unknown option '--reqest'; did you mean '--request'?"),
        ]
        for (arguments, message) in cases {
            let result = try RewriteProcess.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout == "", "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result)")
            let topic = ["check", "apply"].contains(arguments[0]) ? "rewrite \(arguments[0])" : "rewrite"
            #expect(result.stderr.contains("see '\(topic) --help' for more information"), "\(arguments)")
        }
    }
}
#endif
