/// The text of `--help`, `--version` and the usage lines shown with usage errors.
enum HelpText {
    /// The tool's version.
    static let version = "0.1.0"

    /// `usage: ...` for the tool or one subcommand.
    static func usageLine(for command: String?) -> String {
        switch command {
        case "check":
            return "usage: rewrite check [--format text|json] [--warnings-as-errors] [--ignore ID ...] [--stamp FILE] FILE..."
        case "apply":
            return """
                usage: rewrite apply RULES... --request "METHOD URL" [-H "Name: value"]... [--body TEXT|@FILE]
                                     [--response STATUS [--response-header "Name: value"]... [--response-body TEXT|@FILE]]
                                     [--request ... (a further request, with its own options)]...
                                     [--env NAME=VALUE]... [--format text|json] [--explain]
                """
        default:
            return "usage: rewrite <subcommand> [options]"
        }
    }

    /// The help for the tool or one subcommand.
    static func help(for command: String?) -> String {
        switch command {
        case "check": return check
        case "apply": return apply
        default: return root
        }
    }

    private static let exitCodes = """
        EXIT STATUS:
          0  success (warnings alone do not fail, unless --warnings-as-errors)
          1  failure: a rule file has an error
          2  usage error: unknown subcommand or option, bad value, unreadable file
        """

    private static let applyExitCodes = """
        EXIT STATUS:
          0  the requests ran (whatever the rules did to them)
          1  a rule file has an error: its diagnostics are printed and nothing runs
          2  usage error: unknown option, bad value, unreadable file
        """

    private static let root = """
        OVERVIEW: Check rule files and try them on a request, without an app.

        \(usageLine(for: nil))

        SUBCOMMANDS:
          check    Report every problem in rule files, the way a compiler does.
          apply    Run rule files on requests (and responses) and show what changed.
          help     Show help for a subcommand: rewrite help check

        OPTIONS:
          --version  Show the version.
          -h, --help Show help information.

        \(exitCodes)

        See 'rewrite <subcommand> --help' for a subcommand's options.

        """

    private static let check = """
        OVERVIEW: Report every problem in rule files, the way a compiler does.

        Diagnostics go to standard error as FILE:LINE:COLUMN: error: MESSAGE with the
        source line and a caret, then a summary line such as '2 errors, 1 warning in 3
        files'. A clean run prints nothing.

        \(usageLine(for: "check"))

        ARGUMENTS:
          FILE...                 Rule files to check; a folder means every *.rules file below
                                  it, in sorted order; '-' reads standard input (named <stdin>).
                                  'body file' paths are resolved against each file's folder.

        OPTIONS:
          --format text|json      'text' (default): diagnostics on standard error.
                                  'json': a JSON array on standard output, '[]' when clean:
                                  {file, line, column, endLine, endColumn, severity, identifier,
                                   message, notes: [{message, line?, column?}],
                                   fixit: {line, column, endLine, endColumn, replacement} | null}
          --warnings-as-errors    Report warnings as errors (and exit 1 on them).
          --ignore ID             Leave out warnings with this identifier (shown in brackets
                                  after a warning, e.g. computed-header); repeatable.
          --stamp FILE            Write FILE when no file has an error (remove it when one
                                  does), for build systems: the RewriteRulesCheck plugin
                                  declares it as the check's output.
          -h, --help              Show help information.

        \(exitCodes)

        """

    private static let apply = """
        OVERVIEW: Run rule files on requests (and responses) and show what changed.

        Loads the rule files into one pipeline, in the order given, runs the request phase,
        then the response phase on the 'respond' stub a rule answered with, or on the
        response given with --response. Shows the request and response as the app would
        see them and a trace: each rule that applied, where it is written, and what each
        of its actions changed.

        \(usageLine(for: "apply"))

        ARGUMENTS:
          RULES...                    Rule files, applied in order (a folder: its *.rules files,
                                      sorted); '-' reads standard input.

        OPTIONS:
          --request "METHOD URL"      The request, e.g. "POST https://httpbin.org/post"; a bare
                                      URL means GET. Required; repeat it to run several requests
                                      in order through one pipeline ('times' counts carry over).
                                      The options below belong to the --request before them.
          -H, --header "Name: value"  A request header; repeat for more.
          --body TEXT|@FILE           The request body: the text as typed, or the bytes of FILE
                                      ('@-' reads standard input).
          --response STATUS           A response from the server to run the response phase on.
          --response-header "Name: value"
                                      A response header; repeat for more.
          --response-body TEXT|@FILE  The response body.
          --env NAME=VALUE            Set a variable for ${env.NAME}; repeat for more. Rules
                                      otherwise read the process environment.
          --explain                   Also show every rule, closest to applying first, with
                                      each 'when' condition held (✓) or failed (✗) and the
                                      request's value beside a failed one (JSON: "explain").
          --format text|json          'text' (default), or JSON: one object per request (an
                                      array of them for several --requests) with the keys
                                      request {method, url, headers: [[name, value]], body},
                                      response {status, headers, body} or null,
                                      failure {code, name} or null,
                                      responseSource (stub, given, failed or none),
                                      appliedRules [{name, file, line}],
                                      shaping {delay, throttleBytesPerSecond, cacheLifetime},
                                      trace [{rule, phase, line, description, event, ...}],
                                      and with --explain, explain [{rule, held, conditions:
                                      [{condition, held, actual}]}].
          -h, --help                  Show help information.

        Colour is used only when standard output is a terminal and NO_COLOR is not set.

        \(applyExitCodes)

        """
}
