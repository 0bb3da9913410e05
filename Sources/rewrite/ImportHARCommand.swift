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
        .flag("--empty-bodies"),
    ]

    /// Whether only help was asked for.
    let showsHelp: Bool
    /// The HAR file, as typed.
    let harPath: String
    /// The recording's writer.
    let writer: RecordingWriter
    /// Whether responses whose body the HAR did not keep are stubbed with an empty body
    /// (`--empty-bodies`) instead of skipped.
    let stubsMissingBodiesEmpty: Bool

    /// Parses the arguments after `import-har`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "import-har")
        showsHelp = parsed.wantsHelp
        harPath = parsed.positionals.first ?? ""
        stubsMissingBodiesEmpty = parsed.flag("--empty-bodies")
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
        let archive = try Self.readArchive(harPath, command: "import-har", redactingHeaders: writer.redactedHeaderNames)
        var exchanges = archive.exchanges
        if stubsMissingBodiesEmpty {
            for index in exchanges.indices where exchanges[index].response != nil { exchanges[index].hasCompleteBody = true }
        }
        let summary = try writer.write(exchanges)
        let path = writer.rulesFile.relativePath
        let plural = { (count: Int, word: String, words: String) in "\(count) \(count == 1 ? word : words)" }
        let entries = archive.exchanges.count + archive.skippedEntries.count
        // In the HAR's order: each line starts with `entry N: `.
        let skipped = (archive.skippedEntries + summary.skipped).enumerated().sorted { left, right in
            let (a, b) = (Self.entryNumber(left.element), Self.entryNumber(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        if summary.keptExisting {
            StandardStream.output.writeLine("\(path) exists: left as it was (--mode once; use --mode new or all to change it)")
        } else if summary.rulesWritten == 0 {
            let what = entries == 0 ? "the HAR holds no entries" : entries == 1 ? "its one entry was skipped" : "all \(entries) entries were skipped"
            StandardStream.output.writeLine("nothing to record: \(what)")
        } else {
            var line = "wrote \(path): \(plural(summary.rulesWritten, "rule", "rules")) for \(plural(summary.exchangesRecorded, "entry", "entries")), "
            line += "\(plural(summary.bodiesWritten, "body file", "body files")) in \(writer.folder.appendingPathComponent("bodies").relativePath)"
            if !skipped.isEmpty { line += "; \(skipped.count) of \(entries) entries skipped" }
            StandardStream.output.writeLine(line)
        }
        for line in skipped {
            StandardStream.output.writeLine("skipped \(line)")
        }
        // What was redacted and where, so a reader knows what the recording does not hold.
        let fields = archive.redactionCounts.filter { $0.what != "bodies" }
        if !fields.isEmpty {
            let values = fields.reduce(0) { $0 + $1.count }
            var line = "redacted \(plural(values, "secret value", "secret values")): "
            line += fields.map { "\($0.what) ×\($0.count)" }.joined(separator: ", ")
            if let bodies = archive.redactionCounts.first(where: { $0.what == "bodies" }) {
                line += "; credential-like copies scrubbed from \(plural(bodies.count, "body", "bodies"))"
            }
            StandardStream.output.writeLine(line)
        }
        return .success
    }

    /// N of a line that starts with `entry N: `; 0 for any other.
    private static func entryNumber(_ line: String) -> Int {
        guard line.hasPrefix("entry ") else { return 0 }
        return Int(line.dropFirst(6).prefix { $0.isNumber }) ?? 0
    }

    /// Reads and parses a HAR file and prints its warnings. An unreadable file is a usage
    /// error; one that is not JSON or not a HAR is an ``InputFileError`` (one located line).
    static func readArchive(_ path: String, command: String, redactingHeaders: Set<String> = []) throws -> HTTPArchive {
        let bytes: [UInt8]
        do {
            bytes = path == "-" ? try FileReader.readStandardInput() : try FileReader.read(path: path)
        } catch let failure as FileReader.Failure {
            throw UsageError(failure.message, command: command)
        }
        do {
            let archive = try HTTPArchive(data: Data(bytes), redactedHeaderNames: redactingHeaders)
            for warning in archive.warnings { StandardStream.error.writeLine("\(path): warning: \(warning)") }
            return archive
        } catch let error as HTTPArchiveError {
            throw InputFileError(path: path, error)
        }
    }
}
