#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
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
        #expect(result.stdout.contains("2  usage error"), "help gives the exit status of usage errors")
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

    @Test func applyHelpNamesEveryOptionAndEveryJSONKeyApplyHas() throws {
        let help = try RewriteProcess.run(["apply", "--help"]).stdout
        for option in ["--request", "--header", "-H", "--body", "--response", "--response-header", "--response-body", "--env", "--format"] {
            #expect(help.contains(option), "help omits \(option)")
        }
        let result = try RewriteProcess.run(
            ["apply", "Rules/retry.rules", "--format", "json", "--request", "GET https://api.myapp.com/v1/feed"],
            in: ApplyCommandTests.root)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in report.keys {
            #expect(help.contains(key), "help omits the JSON key \(key)")
        }
        #expect(!help.contains("swift-argument-parser"), "help speaks to users")
        #expect(!help.contains("--warnings-as-errors"), "apply has no such option")
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
