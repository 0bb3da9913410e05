#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import Testing

/// `rewrite fmt`, run as a process: files rewritten in place, `--check` for CI, standard
/// input to standard output for editors, and files it must leave alone.
@Suite struct FormatCommandTests {
    static let messy = "rule   \"wrap\"{\n  when method==POST\n  request {wrap-json \"wrapper\"; set-header \"X\" \"1\" }   # two\n}\n"
    static let canonical = """
        rule "wrap" {
            when method == POST
            request {
                wrap-json "wrapper"
                set-header "X" "1"
            }   # two
        }

        """

    @Test func formatsFilesInPlaceAndLeavesCanonicalOnesUntouched() throws {
        let folder = try TemporaryFolder(["rules/messy.rules": Self.messy, "rules/clean.rules": Self.canonical])
        let clean = folder.url.appendingPathComponent("rules/clean.rules")
        let before = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date
        let result = try RewriteProcess.run(["fmt", "rules"], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "" && result.stderr == "")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("rules/messy.rules"), encoding: .utf8) == Self.canonical)
        let after = try FileManager.default.attributesOfItem(atPath: clean.path)[.modificationDate] as? Date
        #expect(before == after, "a canonical file is not written")
    }

    @Test func checkNamesTheFilesToFormatAndWritesNothing() throws {
        let folder = try TemporaryFolder(["a.rules": Self.canonical, "b.rules": Self.messy])
        let result = try RewriteProcess.run(["fmt", "--check", "a.rules", "b.rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "b.rules\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("b.rules"), encoding: .utf8) == Self.messy)
        #expect(try RewriteProcess.run(["fmt", "--check", "a.rules"], in: folder.url).status == 0)
    }

    @Test func dashFormatsStandardInputToStandardOutput() throws {
        let result = try RewriteProcess.run(["fmt", "-"], input: Self.messy)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.canonical)
    }

    @Test func aFileWithALexicalErrorIsLeftAsItIsWithItsErrors() throws {
        let broken = "rule \"a\" {\n    when path == \"/open\n}\n"
        let folder = try TemporaryFolder(["broken.rules": broken])
        let result = try RewriteProcess.run(["fmt", "broken.rules"], in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("broken.rules:2:18: error: unterminated string literal"))
        #expect(result.stderr.contains("broken.rules: left as it is: the file has an error to fix first"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("broken.rules"), encoding: .utf8) == broken)
    }

    @Test func missingFilesAreAUsageError() throws {
        let result = try RewriteProcess.run(["fmt"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: missing expected argument 'FILE...'"))
    }
}
#endif
