#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite check`, run as a process: what it prints where, and its exit status.
@Suite struct CheckCommandTests {
    static let clean = """
        # Wrap every JSON body posted to httpbin.
        rule "wrap" {
            when method == POST and host == "httpbin.org"
            request { wrap-json "wrapper" }
        }

        """

    /// Three independent errors, one per line.
    static let threeErrors = """
        rule "broken" {
            when metod == GET
            request { wrap-jsn "x" }
            request { set-status 200 }
        }

        """

    /// Only a warning: `Content-Length` is computed by the system.
    static let warningOnly = """
        rule "length" {
            response { set-header "Content-Length" "3" }
        }

        """

    @Test func aFolderMeansEveryRulesFileBelowItInSortedOrder() throws {
        let folder = try TemporaryFolder([
            "rules/b.rules": Self.threeErrors, "rules/a.rules": Self.clean, "rules/sub/c.rules": Self.warningOnly,
            "rules/notes.txt": "not a rule file",
        ])
        let result = try RewriteProcess.run(["check", "rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        let headers = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(headers.first?.hasPrefix("rules/b.rules:2:") == true, "\(result)")
        #expect(headers.last?.hasPrefix("rules/sub/c.rules:2:") == true, "\(result)")
        #expect(result.stderr.hasSuffix("3 errors, 1 warning in 3 files\n"))
        #expect(!result.stderr.contains("\u{1B}["), "never colour when piped")
    }

    @Test func theStampIsWrittenWhenCleanAndRemovedOnAnError() throws {
        let folder = try TemporaryFolder(["clean.rules": Self.clean, "broken.rules": Self.threeErrors])
        let stamp = folder.url.appendingPathComponent("stamp.swift")
        #expect(try RewriteProcess.run(["check", "--stamp", stamp.path, "clean.rules"], in: folder.url).status == 0)
        #expect(try String(contentsOf: stamp, encoding: .utf8) == "// rewrite check passed for 1 rule file.\n")
        #expect(try RewriteProcess.run(["check", "--stamp", stamp.path, "clean.rules", "broken.rules"], in: folder.url).status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path), "a failed check leaves no output, so the build runs it again")
    }

    @Test func aFolderWithoutRuleFilesIsAUsageError() throws {
        let folder = try TemporaryFolder(["empty/readme.txt": "nothing"])
        let result = try RewriteProcess.run(["check", "empty"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: no '.rules' files in the folder 'empty'"))
    }

    @Test func cleanFilePrintsNothingAndSucceeds() throws {
        let folder = try TemporaryFolder(["clean.rules": Self.clean])
        let result = try RewriteProcess.run(["check", "clean.rules"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test func reportsEveryErrorAtItsLineAndColumn() throws {
        let folder = try TemporaryFolder(["broken.rules": Self.threeErrors])
        let result = try RewriteProcess.run(["check", "broken.rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        let headers = result.stderr.split(separator: "\n").filter { $0.hasPrefix("broken.rules:") }
        #expect(headers.count == 3, "\(result)")
        #expect(headers.first?.hasPrefix("broken.rules:2:10: error: unknown subject 'metod'") == true)
        #expect(headers.dropFirst(2).first?.hasPrefix("broken.rules:4:15: error: ") == true)
        let pinned = """
            broken.rules:3:15: error: unknown action 'wrap-jsn'; did you mean 'wrap-json'?
                request { wrap-jsn "x" }
                          ^~~~~~~~
                          wrap-json

            """
        #expect(result.stderr.contains(pinned), "\(result)")
        #expect(result.stderr.hasSuffix("\n3 errors in 1 file\n"), "\(result)")
    }

    @Test func jsonFormatPrintsEveryFieldOnStandardOutput() throws {
        let folder = try TemporaryFolder(["broken.rules": Self.threeErrors])
        let result = try RewriteProcess.run(["check", "--format", "json", "broken.rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let diagnostics = try #require(parsed as? [[String: Any]])
        #expect(diagnostics.count == 3)
        let action = try #require(diagnostics.first { ($0["line"] as? Int) == 3 })
        #expect(action["file"] as? String == "broken.rules")
        #expect(action["column"] as? Int == 15)
        #expect(action["endLine"] as? Int == 3)
        #expect(action["endColumn"] as? Int == 23)
        #expect(action["severity"] as? String == "error")
        #expect(action["message"] as? String == "unknown action 'wrap-jsn'; did you mean 'wrap-json'?")
        #expect((action["notes"] as? [Any])?.isEmpty == true)
        let fixit = try #require(action["fixit"] as? [String: Any])
        #expect(fixit["replacement"] as? String == "wrap-json")
        #expect(fixit["line"] as? Int == 3 && fixit["column"] as? Int == 15)
        #expect(fixit["endLine"] as? Int == 3 && fixit["endColumn"] as? Int == 23)
        let status = try #require(diagnostics.first { ($0["line"] as? Int) == 4 })
        #expect(status["fixit"] is NSNull)
    }

    @Test func jsonFormatOfACleanFileIsAnEmptyArray() throws {
        let folder = try TemporaryFolder(["clean.rules": Self.clean])
        let result = try RewriteProcess.run(["check", "--format=json", "clean.rules"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "[]\n")
        #expect(result.stderr == "")
    }

    @Test func missingFileExitsTwoNamingItAndTheOthersAreStillChecked() throws {
        let folder = try TemporaryFolder(["broken.rules": Self.threeErrors])
        let result = try RewriteProcess.run(["check", "nope.rules", "broken.rules"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: cannot read 'nope.rules': no such file"), "\(result)")
        #expect(result.stderr.contains("broken.rules:3:15: error: unknown action 'wrap-jsn'"))
        #expect(result.stderr.hasSuffix("3 errors in 1 file\n"))
    }

    @Test func dashReadsStandardInput() throws {
        let result = try RewriteProcess.run(["check", "-"], input: Self.threeErrors)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("<stdin>:2:10: error: unknown subject 'metod'; did you mean 'method'?"))
        #expect(result.stderr.contains("<stdin>:3:15: error: "))
        #expect(result.stderr.contains("<stdin>:4:15: error: "))

        let clean = try RewriteProcess.run(["check", "-"], input: Self.clean)
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "" && clean.stderr == "")
    }

    @Test func warningsAsErrorsFlipsTheExitStatus() throws {
        let folder = try TemporaryFolder(["length.rules": Self.warningOnly])
        let plain = try RewriteProcess.run(["check", "length.rules"], in: folder.url)
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stderr.contains("length.rules:2:27: warning: "))
        #expect(plain.stderr.hasSuffix("\n1 warning in 1 file\n"))

        let strict = try RewriteProcess.run(["check", "--warnings-as-errors", "length.rules"], in: folder.url)
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.stderr.contains("length.rules:2:27: error: "))
        #expect(strict.stderr.hasSuffix("\n1 error in 1 file\n"))
    }

    /// Warnings show their identifier; `--ignore` leaves that kind out; `--format json`
    /// carries the identifier of every diagnostic.
    @Test func identifiersNameWarningsAndIgnoreLeavesThemOut() throws {
        let folder = try TemporaryFolder(["length.rules": Self.warningOnly, "broken.rules": Self.threeErrors])
        let plain = try RewriteProcess.run(["check", "length.rules"], in: folder.url)
        #expect(plain.stderr.contains("the value set here may be replaced [computed-header]\n"), "\(plain)")

        let ignored = try RewriteProcess.run(["check", "--ignore", "computed-header", "length.rules"], in: folder.url)
        #expect(ignored.status == 0 && ignored.stderr == "", "\(ignored)")

        let json = try RewriteProcess.run(["check", "--format", "json", "broken.rules"], in: folder.url)
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        // `metod` (a misspelt subject), `wrap-jsn` (a misspelt action), `set-status` in `request`.
        #expect(diagnostics.compactMap { $0["identifier"] as? String } == ["unknown-name", "unknown-name", "action-wrong-phase"], "\(json)")
    }

    @Test(arguments: [
        (["--ignore", "unknown-name"], "'unknown-name' identifies errors, which cannot be ignored"),
        (["--ignore", "computed-headr"], "unknown diagnostic identifier 'computed-headr'; did you mean 'computed-header'?"),
    ])
    func ignoreTakesOnlyWarningIdentifiers(_ options: [String], _ message: String) throws {
        let folder = try TemporaryFolder(["length.rules": Self.warningOnly])
        let result = try RewriteProcess.run(["check"] + options + ["length.rules"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    /// No input crashes the tool: a `when` of 100,000 tests joined by `or` or `and`, and a
    /// line of a million characters.
    @Test func hugeConditionsAndLinesCheck() throws {
        func chain(_ op: String) -> String {
            "rule \"long\" {\n    when " + (0..<100_000).map { "path == \"/p\($0)\"" }.joined(separator: " \(op) ") + "\n}\n"
        }
        let folder = try TemporaryFolder([
            "or.rules": chain("or"), "and.rules": chain("and"),
            "line.rules": "rule \"x\" { when path == \"/" + String(repeating: "a", count: 1_000_000) + "\" }\n",
        ])
        let result = try RewriteProcess.run(["check", "or.rules", "and.rules", "line.rules"], in: folder.url)
        #expect(result.status == 0, "\(result.status) \(result.stderr.prefix(300))")
        #expect(result.stderr == "")
    }

    @Test func summaryCountsEveryFile() throws {
        let folder = try TemporaryFolder([
            "broken.rules": Self.threeErrors, "length.rules": Self.warningOnly, "clean.rules": Self.clean,
        ])
        let result = try RewriteProcess.run(
            ["check", "broken.rules", "length.rules", "clean.rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasSuffix("\n3 errors, 1 warning in 3 files\n"), "\(result)")
    }

    @Test func bodyFileIsResolvedAgainstTheRuleFilesFolder() throws {
        let folder = try TemporaryFolder([
            "rules/stub.rules": """
                rule "stub" {
                    respond 200 { body file "fixtures/users.json" }
                }

                """,
            "rules/fixtures/users.json": "[]\n",
        ])
        let result = try RewriteProcess.run(["check", "rules/stub.rules"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
    }
}
#endif
