import Foundation
import RewriteKit

/// `rewrite report HAR... [--rules RULES...] --output FILE.html`: runs every entry of the HAR
/// files through the rules, as `apply --har` does, and writes one self-contained HTML page of
/// what the rules did to each exchange (``TrafficReport``).
struct ReportCommand {
    /// The options `report` accepts.
    static let options: [OptionSpec] = [
        .option("--rules", value: "RULES", repeatable: true),
        .option("--output", short: "o", value: "FILE.html"),
        .option("--title", value: "TEXT"),
        .option("--env", value: "NAME=VALUE", repeatable: true),
    ]

    /// Whether only help was asked for.
    let showsHelp: Bool
    /// The HAR files, as typed.
    let harPaths: [String]
    /// The rule files (folders expanded), as typed.
    let rulePaths: [String]
    /// The page to write.
    let output: String
    /// The page's title.
    let title: String?
    /// Overrides for `${env.NAME}`.
    let variables: [String: String]

    /// Parses the arguments after `report`.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "report")
        showsHelp = parsed.wantsHelp
        harPaths = parsed.positionals
        rulePaths = try RuleSourceLoader.expandingFolders(parsed.allValues("--rules"), command: "report")
        title = parsed.value("--title")
        guard !showsHelp else {
            (output, variables) = ("", [:])
            return
        }
        guard !harPaths.isEmpty else { throw UsageError("missing expected argument 'HAR...'", command: "report") }
        guard let output = parsed.value("--output") else {
            throw UsageError("missing expected option '--output FILE.html'", command: "report")
        }
        self.output = output
        variables = try ApplyCommand.variables(parsed.allValues("--env"), command: "report")
    }

    /// Reads the HAR files and the rules, writes the page and says where.
    func run() throws -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "report"))
            return .success
        }
        let archives = try harPaths.map { try ImportHARCommand.readArchive($0, command: "report") }
        let ruleSets: [RuleSet]
        switch RuleSetLoader.load(rulePaths) {
        case .success(let loaded): ruleSets = loaded
        case .failure(let status): return status
        }
        var environment = EvaluationEnvironment.live
        for (name, value) in variables { environment.variables[name] = value }
        let name = harPaths.count == 1 ? URL(fileURLWithPath: harPaths[0]).lastPathComponent : "\(harPaths.count) HAR files"
        let report = TrafficReport(archives: archives, ruleSets: ruleSets, environment: environment, title: title ?? "RewriteKit report: \(name)")
        do {
            try report.write(to: URL(fileURLWithPath: output))
        } catch {
            throw UsageError("cannot write '\(output)': \(error.localizedDescription)", command: "report")
        }
        StandardStream.output.writeLine("wrote \(output): \(report.count) exchange\(report.count == 1 ? "" : "s")")
        return .success
    }
}
