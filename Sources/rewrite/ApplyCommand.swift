import RewriteKit

/// `rewrite apply RULES... --request "METHOD URL" ... [--request ...]`: runs rule files on
/// requests (and responses) and shows what the app would see and why.
///
/// The rule files are loaded into one pipeline in the order given; if any has an error,
/// its diagnostics are printed as `check` prints them and nothing runs (exit 1). Several
/// `--request`s run in order through that one pipeline, so `times` counts carry over; the
/// request options after a `--request` (headers, body, response) belong to it.
struct ApplyCommand {
    /// The options `apply` accepts.
    static let options: [OptionSpec] = [
        .option("--request", value: "\"METHOD URL\"", repeatable: true),
        .option("--header", short: "H", value: "\"Name: value\"", repeatable: true),
        .option("--body", value: "TEXT|@FILE", repeatable: true),
        .option("--response", value: "STATUS", repeatable: true),
        .option("--response-header", value: "\"Name: value\"", repeatable: true),
        .option("--response-body", value: "TEXT|@FILE", repeatable: true),
        .option("--response-stream", value: "FILE", repeatable: true),
        .option("--env", value: "NAME=VALUE", repeatable: true),
        .option("--format", value: "FORMAT"),
        .flag("--explain"),
        .option("--har", value: "SESSION.har"),
        .flag("--show-secrets"),
        .option("--redact-header", value: "NAME", repeatable: true),
    ]

    /// The options that describe one request and its response.
    static let exchangeOptions: Set<String> = [
        "--header", "--body", "--response", "--response-header", "--response-body", "--response-stream",
    ]

    /// One request to run, and the response to run the response phase on when it is forwarded.
    struct Exchange {
        let request: HTTPRequest
        let response: HTTPResponse?
        /// A recorded WebSocket conversation (a HAR's `_webSocketMessages`).
        var socketMessages: [RecordedSocketMessage]?
    }

    /// Whether only help was asked for.
    let showsHelp: Bool
    /// The rule files, as typed.
    let paths: [String]
    /// The requests to run, in order.
    let exchanges: [Exchange]
    /// Overrides for `${env.NAME}`.
    let variables: [String: String]
    /// Text or JSON.
    let format: OutputFormat
    /// Whether every rule is shown with its conditions held or failed (`--explain`).
    let explains: Bool
    /// The HAR file the requests came from (`--har`), and its entries that are not requests.
    let har: (path: String, skipped: [String])?
    /// Whether secret values are printed as they are (`--show-secrets`).
    let showsSecrets: Bool
    /// Header names treated as secrets besides the default ones (`--redact-header`).
    let secretHeaderNames: Set<String>

    /// Parses the arguments after `apply`; the bodies named `@FILE` are read here.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "apply")
        showsHelp = parsed.wantsHelp
        paths = try RuleSourceLoader.expandingFolders(parsed.positionals, command: "apply")
        format = try OutputFormat(option: parsed.value("--format"), command: "apply")
        explains = parsed.flag("--explain")
        showsSecrets = parsed.flag("--show-secrets")
        secretHeaderNames = Set(parsed.allValues("--redact-header"))
        guard !showsHelp else {
            (exchanges, variables, har) = ([], [:], nil)
            return
        }
        try RuleSourceLoader.validate(paths, command: "apply", placeholder: "RULES...")
        variables = try Self.variables(parsed.allValues("--env"))
        if let harPath = parsed.value("--har") {
            if let option = parsed.occurrences.first(where: { $0.long == "--request" || Self.exchangeOptions.contains($0.long) }) {
                throw UsageError("'\(option.long)' cannot be used with '--har': the HAR file gives the requests and responses", command: "apply")
            }
            let archive = try ImportHARCommand.readArchive(harPath, command: "apply")
            // Each request with the response it got from the network, for the response phase.
            exchanges = archive.exchanges.map { Exchange(request: $0.request, response: $0.serverResponse, socketMessages: $0.socketMessages) }
            har = (harPath, archive.skippedEntries)
            return
        }
        har = nil
        guard !parsed.allValues("--request").isEmpty else {
            throw UsageError("missing expected option '--request \"METHOD URL\"'", command: "apply")
        }
        // Each --request starts a group; request options before the first belong to it.
        var groups: [(request: String, options: [(long: String, value: String)])] = []
        var leading: [(long: String, value: String)] = []
        for occurrence in parsed.occurrences {
            if occurrence.long == "--request" {
                groups.append((occurrence.value, groups.isEmpty ? leading : []))
            } else if Self.exchangeOptions.contains(occurrence.long) {
                if groups.isEmpty { leading.append(occurrence) } else { groups[groups.count - 1].options.append(occurrence) }
            }
        }
        var stdinTaken = paths.contains("-")
        var exchanges: [Exchange] = []
        for group in groups {
            exchanges.append(try Self.exchange(group.request, options: group.options, stdinTaken: &stdinTaken))
        }
        self.exchanges = exchanges
    }

    /// One request and its response from a `--request` and the options after it.
    private static func exchange(
        _ requestText: String, options: [(long: String, value: String)], stdinTaken: inout Bool
    ) throws -> Exchange {
        func values(_ long: String) -> [String] { options.filter { $0.long == long }.map(\.value) }
        func single(_ long: String) throws -> String? {
            let given = values(long)
            if given.count > 1 { throw UsageError("'\(long)' is given twice for the request \"\(requestText)\"", command: "apply") }
            return given.first
        }
        let (method, url) = try MessageArguments.request(requestText)
        var headers = HTTPHeaders()
        for text in values("--header") {
            let (name, value) = try MessageArguments.header(text, option: "-H/--header")
            headers.add(name, value)
        }
        let body = try single("--body").map { try Self.body($0, option: "--body", stdinTaken: &stdinTaken) }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body)
        guard let statusText = try single("--response") else {
            for option in ["--response-header", "--response-body", "--response-stream"] where !values(option).isEmpty {
                throw UsageError("'\(option)' needs '--response STATUS'", command: "apply")
            }
            return Exchange(request: request, response: nil)
        }
        let status = try MessageArguments.status(statusText)
        var responseHeaders = HTTPHeaders()
        for text in values("--response-header") {
            let (name, value) = try MessageArguments.header(text, option: "--response-header")
            responseHeaders.add(name, value)
        }
        var responseBody = try single("--response-body").map {
            try Self.body($0, option: "--response-body", stdinTaken: &stdinTaken)
        } ?? []
        // A stream: its messages go through `response each message`, in a format its
        // Content-Type gives, else its file name.
        if let stream = try single("--response-stream") {
            guard values("--response-body").isEmpty else {
                throw UsageError("'--response-stream' and '--response-body' cannot be used together", command: "apply")
            }
            responseBody = try Self.body("@" + stream, option: "--response-stream", stdinTaken: &stdinTaken)
            if !responseHeaders.contains("Content-Type") {
                guard let type = StreamFormat.contentType(forFileName: stream) else {
                    throw UsageError(
                        "'--response-stream \(stream)' needs a '--response-header \"Content-Type: …\"' of a stream, "
                            + "or a name ending in .sse, .ndjson, .jsonl or .json-seq", command: "apply")
                }
                responseHeaders.add("Content-Type", type)
            }
        }
        return Exchange(request: request, response: HTTPResponse(status: status, headers: responseHeaders, body: responseBody))
    }

    /// The bytes of `TEXT|@FILE`; standard input can be read once.
    private static func body(_ text: String, option: String, stdinTaken: inout Bool) throws -> [UInt8] {
        if text == "@-" {
            if stdinTaken {
                throw UsageError("'\(option) @-' cannot read standard input: it is already read for another argument", command: "apply")
            }
            stdinTaken = true
        }
        return try MessageArguments.body(text, option: option)
    }

    /// `--env NAME=VALUE` assignments as variables; `command` names the subcommand in errors.
    static func variables(_ assignments: [String], command: String = "apply") throws -> [String: String] {
        var variables: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw UsageError("invalid value '\(assignment)' for '--env'; expected NAME=VALUE", command: command)
            }
            variables[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return variables
    }

    /// Loads the rules, runs them and prints the report.
    func run() -> ExitCode {
        if showsHelp {
            StandardStream.output.write(HelpText.help(for: "apply"))
            return .success
        }
        let ruleSets: [RuleSet]
        switch RuleSetLoader.load(paths) {
        case .success(let loaded): ruleSets = loaded
        case .failure(let status): return status
        }
        var environment = EvaluationEnvironment.live
        for (name, value) in variables { environment.variables[name] = value }
        // One pipeline for every request, so `times` counts carry over from one to the next.
        let pipeline = Pipeline(ruleSets: ruleSets, environment: environment)
        let reports = exchanges.map { exchange in
            var report = ApplyReport.run(
                pipeline, request: exchange.request, givenResponse: exchange.response, recorded: har != nil, socketMessages: exchange.socketMessages)
            if explains {
                report.nearMisses = pipeline.nearMisses(for: exchange.request)
                if let messages = report.messages, let outcome = report.outcome {
                    report.messageGuards = pipeline.messageGuardCounts(for: outcome, messages: messages)
                }
            }
            return report
        }
        // Secrets read <redacted> in what is printed, as in activity events, unless asked for.
        var redaction: OutputRedaction?
        if !showsSecrets {
            var collected = OutputRedaction(extraHeaderNames: secretHeaderNames)
            for report in reports { report.collectSecrets(into: &collected) }
            redaction = collected
        }
        let shown = redaction.map { redaction in reports.map { $0.redacted(by: redaction) } } ?? reports
        let scrub = { (text: String) in redaction?.scrub(text) ?? text }
        switch format {
        case .text:
            let renderer = ApplyTextRenderer(style: .forStandardOutput())
            var text = ""
            for (number, report) in shown.enumerated() {
                if shown.count > 1 || har != nil {
                    let request = report.originalRequest
                    if number > 0 { text += "\n" }
                    text += "=== \(har == nil ? "request" : "entry") \(number + 1) of \(shown.count): \(request.method) \(request.url) ===\n"
                }
                text += renderer.render(report)
            }
            // The summary counts what the rules changed, secrets included.
            if let har { text += Self.harSummary(reports, path: har.path, skipped: har.skipped) }
            StandardStream.output.write(scrub(text))
        case .json:
            // One request: its report; several: an array of reports, in order; a HAR: an
            // object with the reports and the entries skipped.
            let json: Any
            if let har {
                json = ["har": har.path, "entries": shown.map(\.json), "skipped": har.skipped] as [String: Any]
            } else {
                json = shown.count == 1 ? shown[0].json : shown.map(\.json)
            }
            StandardStream.output.writeLine(JSONOutput.render(JSONOutput.mappingStrings(json, scrub)))
        }
        return .success
    }

    /// The closing lines of a `--har` run: how many requests the rules touched.
    static func harSummary(_ reports: [ApplyReport], path: String, skipped: [String]) -> String {
        let applied = reports.filter { !$0.appliedRules.isEmpty }
        let changed = applied.filter { report in
            switch report.source {
            case .stub, .failed: true
            case .given, .recorded, .none: report.request != report.originalRequest || report.response != report.originalResponse
            }
        }
        let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
        var text = "\n=== \(path): \(plural(reports.count, "request")); rules applied to \(applied.count) "
        text += "(\(changed.count) changed), \(reports.count - applied.count) untouched ===\n"
        for line in skipped { text += "skipped \(line)\n" }
        return text
    }
}
