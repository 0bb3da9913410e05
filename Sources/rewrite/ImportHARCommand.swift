import Foundation
import RewriteKit

/// `rewrite import-har SESSION.har --output DIR`: turns a HAR file from any tool into a
/// recording (`DIR/NAME.rules` plus `DIR/bodies/`), with the same writer an app's recording
/// uses, and says what it wrote and what it skipped.
struct ImportHARCommand {
    /// The options `import-har` accepts.
    static let options: [OptionSpec] = [
        .option("--output", short: "o", value: "DIR"),
        .option("--name", value: "NAME"),
        .option("--mode", value: "MODE"),
        .flag("--keep-set-cookie"),
        .option("--redact-header", value: "NAME", repeatable: true),
    ]

    /// Whether only help was asked for.
    let showsHelp: Bool
    /// The HAR file, as typed.
    let harPath: String
    /// The recording's writer.
    let writer: RecordingWriter

    /// Parses the arguments after `import-har`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "import-har")
        showsHelp = parsed.wantsHelp
        harPath = parsed.positionals.first ?? ""
        guard !showsHelp else {
            writer = RecordingWriter(folder: URL(fileURLWithPath: "."))
            return
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(
                parsed.positionals.isEmpty ? "missing expected argument 'SESSION.har'" : "expected one HAR file, got \(parsed.positionals.count)",
                command: "import-har")
        }
        guard let output = parsed.value("--output") else {
            throw UsageError("missing expected option '--output DIR'", command: "import-har")
        }
        let name = parsed.value("--name") ?? URL(fileURLWithPath: harPath).deletingPathExtension().lastPathComponent
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw UsageError("invalid value '\(name)' for '--name'; expected a file name without '/'", command: "import-har")
        }
        let modeText = parsed.value("--mode") ?? RecordingMode.once.rawValue
        guard let mode = RecordingMode(rawValue: modeText) else {
            throw UsageError("invalid value '\(modeText)' for '--mode'; expected once, new or all", command: "import-har")
        }
        var writer = RecordingWriter(folder: URL(fileURLWithPath: output), name: name, mode: mode)
        writer.keepsSetCookie = parsed.flag("--keep-set-cookie")
        writer.redactedHeaderNames.formUnion(parsed.allValues("--redact-header"))
        self.writer = writer
    }

    /// Reads the HAR, writes the recording and reports.
    func run() throws -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "import-har"))
            return .success
        }
        let archive = try Self.readArchive(harPath, command: "import-har")
        let summary = try writer.write(archive.exchanges)
        let path = writer.rulesFile.relativePath
        if summary.keptExisting {
            StandardStream.output.writeLine("\(path) exists: left as it was (--mode once; use --mode new or all to change it)")
        } else {
            let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
            StandardStream.output.writeLine(
                "wrote \(path): \(plural(summary.rulesWritten, "rule")) for \(plural(summary.exchangesRecorded, "exchange")), "
                    + "\(plural(summary.bodiesWritten, "body file")) in \(writer.folder.appendingPathComponent("bodies").relativePath)")
        }
        for line in archive.skippedEntries + summary.skipped {
            StandardStream.output.writeLine("skipped \(line)")
        }
        return .success
    }

    /// Reads and parses a HAR file; an unreadable or malformed one is a usage error.
    static func readArchive(_ path: String, command: String) throws -> HTTPArchive {
        let bytes: [UInt8]
        do {
            bytes = path == "-" ? try FileReader.readStandardInput() : try FileReader.read(path: path)
        } catch let failure as FileReader.Failure {
            throw UsageError(failure.message, command: command)
        }
        do {
            return try HTTPArchive(data: Data(bytes))
        } catch let error as HTTPArchiveError {
            throw UsageError("'\(path)' is \(error.description)", command: command)
        }
    }
}
