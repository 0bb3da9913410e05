import RewriteKit

/// `rewrite apply RULES... --request "METHOD URL" ...`: runs rule files on one request
/// (and a response) and shows what the app would see and why.
///
/// The rule files are loaded into one pipeline in the order given; if any has an error,
/// its diagnostics are printed as `check` prints them and nothing runs (exit 1).
struct ApplyCommand {
    /// The options `apply` accepts.
    static let options: [OptionSpec] = [
        .option("--request", value: "\"METHOD URL\""),
        .option("--header", short: "H", value: "\"Name: value\"", repeatable: true),
        .option("--body", value: "TEXT|@FILE"),
        .option("--response", value: "STATUS"),
        .option("--response-header", value: "\"Name: value\"", repeatable: true),
        .option("--response-body", value: "TEXT|@FILE"),
        .option("--env", value: "NAME=VALUE", repeatable: true),
        .option("--format", value: "FORMAT"),
    ]

    /// Whether only help was asked for.
    let showsHelp: Bool
    /// The rule files, as typed.
    let paths: [String]
    /// The request to run.
    let request: HTTPRequest
    /// The response to run the response phase on when the request is forwarded.
    let response: HTTPResponse?
    /// Overrides for `${env.NAME}`.
    let variables: [String: String]
    /// Text or JSON.
    let format: OutputFormat

    /// Parses the arguments after `apply`; the bodies named `@FILE` are read here.
    init(arguments: [String]) throws {
        let parsed = try CommandLineArguments.parse(arguments, options: Self.options, command: "apply")
        showsHelp = parsed.wantsHelp
        paths = parsed.positionals
        format = try OutputFormat(option: parsed.value("--format"), command: "apply")
        guard !showsHelp else {
            request = HTTPRequest(method: "GET", url: RequestURL(scheme: "https", host: "localhost", path: "/"))
            (response, variables) = (nil, [:])
            return
        }
        try RuleSourceLoader.validate(paths, command: "apply", placeholder: "RULES...")
        guard let requestText = parsed.value("--request") else {
            throw UsageError("missing expected option '--request \"METHOD URL\"'", command: "apply")
        }
        let (method, url) = try MessageArguments.request(requestText)
        var headers = HTTPHeaders()
        for text in parsed.allValues("--header") {
            let (name, value) = try MessageArguments.header(text, option: "-H/--header")
            headers.add(name, value)
        }
        let usesStandardInput = paths.contains("-")
        let body = try parsed.value("--body").map { try Self.body($0, option: "--body", stdinTaken: usesStandardInput) }
        request = HTTPRequest(method: method, url: url, headers: headers, body: body)
        response = try Self.response(parsed, stdinTaken: usesStandardInput || parsed.value("--body") == "@-")
        variables = try Self.variables(parsed.allValues("--env"))
    }

    private static func response(_ parsed: CommandLineArguments, stdinTaken: Bool) throws -> HTTPResponse? {
        guard let statusText = parsed.value("--response") else {
            for option in ["--response-header", "--response-body"]
            where !parsed.allValues(option).isEmpty {
                throw UsageError("'\(option)' needs '--response STATUS'", command: "apply")
            }
            return nil
        }
        let status = try MessageArguments.status(statusText)
        var headers = HTTPHeaders()
        for text in parsed.allValues("--response-header") {
            let (name, value) = try MessageArguments.header(text, option: "--response-header")
            headers.add(name, value)
        }
        let body = try parsed.value("--response-body").map {
            try Self.body($0, option: "--response-body", stdinTaken: stdinTaken)
        } ?? []
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private static func body(_ text: String, option: String, stdinTaken: Bool) throws -> [UInt8] {
        if text == "@-" && stdinTaken {
            throw UsageError("'\(option) @-' cannot read standard input: it is already read for another argument", command: "apply")
        }
        return try MessageArguments.body(text, option: option)
    }

    private static func variables(_ assignments: [String]) throws -> [String: String] {
        var variables: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw UsageError("invalid value '\(assignment)' for '--env'; expected NAME=VALUE", command: "apply")
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
        let pipeline = Pipeline(ruleSets: ruleSets, environment: environment)
        let report = ApplyReport.run(pipeline, request: request, givenResponse: response)
        switch format {
        case .text:
            StandardStream.output.write(ApplyTextRenderer(style: .forStandardOutput()).render(report))
        case .json:
            StandardStream.output.writeLine(JSONOutput.render(report.json))
        }
        return .success
    }
}
