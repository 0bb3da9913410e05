import Foundation
import RewriteKit

/// `rewrite check FILE...`: reports every diagnostic of every file, the way a compiler does.
///
/// The files go through the same compiler `RuleSet` uses, so a file that checks clean
/// loads. Text output goes to standard error — each file's diagnostics in the clang
/// format, then one summary line — and nothing at all is printed when every file is
/// clean. With `--format json` a JSON array goes to standard output instead (`[]` when
/// clean). An unreadable file is reported and skipped; the other files are still checked.
struct CheckCommand {
    /// The options `check` accepts.
    static let options: [OptionSpec] = [
        .option("--format", value: "FORMAT"),
        .flag("--warnings-as-errors"),
        .option("--ignore", value: "ID", repeatable: true),
        .option("--stamp", value: "FILE"),
    ]

    /// The rule files, as typed.
    let paths: [String]
    /// Text or JSON.
    let format: OutputFormat
    /// Whether warnings count (and print) as errors.
    let warningsAsErrors: Bool
    /// The identifiers of warnings left out.
    let ignored: Set<String>
    /// Whether only help was asked for.
    let showsHelp: Bool
    /// A file written when no file has an error, removed otherwise: the output the build
    /// tool plugin declares, so the build runs the check again only when a rule file changes.
    let stamp: String?

    /// Parses the arguments after `check`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "check")
        showsHelp = parsed.wantsHelp
        paths = try RuleSourceLoader.expandingFolders(parsed.positionals, command: "check")
        warningsAsErrors = parsed.flag("--warnings-as-errors")
        format = try OutputFormat(option: parsed.value("--format"), command: "check")
        ignored = Set(parsed.allValues("--ignore"))
        stamp = parsed.value("--stamp")
        if !showsHelp {
            try RuleSourceLoader.validate(paths, command: "check", placeholder: "FILE...")
            try Self.validate(ignored: parsed.allValues("--ignore"))
        }
    }

    /// Only warnings can be ignored: an error means the file does not load.
    static func validate(ignored: [String]) throws {
        let warnings = DiagnosticID.allCases.filter(\.isWarning).map(\.rawValue)
        for identifier in ignored where !warnings.contains(identifier) {
            if DiagnosticID(rawValue: identifier) != nil {
                throw UsageError("'\(identifier)' identifies errors, which cannot be ignored", command: "check")
            }
            let suggestion = Suggestions.closest(to: identifier, in: DiagnosticID.allCases.map(\.rawValue))
            throw UsageError(
                "unknown diagnostic identifier '\(identifier)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                command: "check")
        }
    }

    /// Checks the files and prints the result; 0 clean or warnings only, 1 any error,
    /// 2 when a file could not be read.
    func run() -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "check"))
            return .success
        }
        var status = ExitCode.success
        var everything: [Diagnostic] = []
        var checkedFiles = 0
        for path in paths {
            guard let source = RuleSourceLoader.loadReportingFailure(path) else {
                status = status.combined(with: .usageError)
                continue
            }
            checkedFiles += 1
            var diagnostics = Compiler.compile(source).diagnostics.filter { !ignored.contains($0.identifier) }
            if warningsAsErrors {
                diagnostics = diagnostics.map { $0.with(severity: .error) }
            }
            if diagnostics.contains(where: \.isError) {
                status = status.combined(with: .failure)
            }
            if format == .text {
                StandardStream.error.write(DiagnosticFormatter(source: source, colored: TerminalStyle.colorsDiagnostics).format(diagnostics))
            }
            everything += diagnostics
        }
        switch format {
        case .text:
            if !everything.isEmpty {
                StandardStream.error.writeLine(DiagnosticFormatter.summary(of: everything, files: checkedFiles))
            }
        case .json:
            StandardStream.output.writeLine(JSONOutput.render(everything.map(\.json)))
        }
        if let stamp { Self.writeStamp(stamp, passed: status == .success, files: checkedFiles) }
        return status
    }

    /// Writes the stamp (a Swift file holding one comment, so a build compiles it and so
    /// runs the check first) when the check passed, and removes it when it did not.
    static func writeStamp(_ path: String, passed: Bool, files: Int) {
        guard passed else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        let text = "// rewrite check passed for \(files) rule file\(files == 1 ? "" : "s").\n"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            StandardStream.error.writeLine("error: cannot write the stamp '\(path)': \(error)")
        }
    }
}
