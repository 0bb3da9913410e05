import Foundation
import RewriteKit

/// `rewrite fmt [--check] FILE...`: lays rule files out one canonical way, in place.
///
/// Comments stay where they are and the meaning never changes (see ``RuleFormatter``): a
/// file is rewritten only with text that lexes to the same statements. A file with a
/// lexical error is left as it is and its errors are printed. `--check` writes nothing and
/// names each file that is not laid out canonically, for CI. `-` formats standard input to
/// standard output, for editors.
struct FormatCommand {
    /// The options `fmt` accepts.
    static let options: [OptionSpec] = [.flag("--check")]

    /// The rule files (folders expanded), as typed.
    let paths: [String]
    /// Whether to report files instead of rewriting them.
    let checkOnly: Bool
    /// Whether only help was asked for.
    let showsHelp: Bool

    /// Parses the arguments after `fmt`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "fmt")
        showsHelp = parsed.wantsHelp
        checkOnly = parsed.flag("--check")
        paths = try RuleSourceLoader.expandingFolders(parsed.positionals, command: "fmt")
        if !showsHelp { try RuleSourceLoader.validate(paths, command: "fmt", placeholder: "FILE...") }
    }

    /// Formats the files: 0 when every file is (now) canonical, 1 when `--check` found one
    /// that is not or a file was left as it is, 2 when a file could not be read or written.
    func run() -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "fmt"))
            return .success
        }
        var status = ExitCode.success
        for path in paths {
            guard let source = RuleSourceLoader.loadReportingFailure(path) else {
                status = status.combined(with: .usageError)
                continue
            }
            switch RuleFormatter.format(source) {
            case .leftAsIs(let reason, let diagnostics):
                StandardStream.error.write(DiagnosticFormatter(source: source, colored: TerminalStyle.colorsDiagnostics).format(diagnostics))
                StandardStream.error.writeLine("\(source.name): left as it is: \(reason)")
                status = status.combined(with: .failure)
            case .formatted(let text):
                if path == "-" {
                    StandardStream.output.write(text)
                } else if text != source.text {
                    status = status.combined(with: write(text, to: path))
                }
            }
        }
        return status
    }

    /// Writes `text` over `path`, or under `--check` names the file; the status that gives.
    private func write(_ text: String, to path: String) -> ExitCode {
        if checkOnly {
            StandardStream.output.writeLine(path)
            return .failure
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .success
        } catch {
            StandardStream.error.writeLine("error: cannot write '\(path)': \(error.localizedDescription)")
            return .usageError
        }
    }
}
