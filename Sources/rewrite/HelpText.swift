/// The text of `--help`, `--version` and the usage lines shown with usage errors.
enum HelpText {
    /// The tool's version.
    static let version = "0.1.0"

    /// `usage: ...` for the tool or one subcommand.
    static func usageLine(for command: String?) -> String {
        switch command {
        case "check":
            return "usage: rewrite check [--format text|json] [--warnings-as-errors] [--ignore ID ...] [--stamp FILE] FILE..."
        case "fmt":
            return "usage: rewrite fmt [--check] FILE..."
        case "lsp":
            return "usage: rewrite lsp"
        case "apply":
            return """
                usage: rewrite apply RULES... --request "METHOD URL" [-H "Name: value"]... [--body TEXT|@FILE]
                                     [--response STATUS [--response-header "Name: value"]...
                                                        [--response-body TEXT|@FILE | --response-stream FILE]]
                                     [--request ... (a further request, with its own options)]...
                                     [--env NAME=VALUE]... [--format text|json] [--explain]
                                     [--redact-header NAME]... [--show-secrets]
                       rewrite apply RULES... --har SESSION.har [--env NAME=VALUE]... [--format text|json]
                """
        case "report":
            return "usage: rewrite report HAR... [--rules RULES]... --output FILE.html [--title TEXT] [--env NAME=VALUE]..."
        case "import-har":
            return "usage: rewrite import-har SESSION.har --output DIR [--name NAME] [--mode once|new|all] [--keep-set-cookie] [--redact-header NAME]... [--empty-bodies]"
        default:
            return "usage: rewrite <subcommand> [options]"
        }
    }

    /// The help for the tool or one subcommand.
    static func help(for command: String?) -> String {
        switch command {
        case "check": return check
        case "fmt": return fmt
        case "lsp": return lsp
        case "apply": return apply
        case "import-har": return importHAR
        case "report": return report
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
          1  a rule file has an error: its diagnostics are printed and nothing runs; or the
             --har file is not JSON or not a HAR (one line, FILE:LINE:COLUMN: error: MESSAGE)
          2  usage error: unknown option, bad value, unreadable file
        """

    private static let root = """
        OVERVIEW: Check rule files and try them on a request, without an app.

        \(usageLine(for: nil))

        SUBCOMMANDS:
          check    Report every problem in rule files, the way a compiler does.
          fmt      Lay rule files out one canonical way, comments kept, meaning unchanged.
          lsp      A language server for rule files, over standard input and output.
          apply    Run rule files on requests (and responses) and show what changed.
          import-har
                   Turn a HAR file (browser, Charles, Proxyman, mitmproxy) into a recording:
                   a rule file that replays it, and its body fixtures.
          report   Write one HTML page of what rules do to each request of HAR files.
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

    private static let fmt = """
        OVERVIEW: Lay rule files out one canonical way, comments kept, meaning unchanged.

        Four spaces of indent per block; one statement a line (a ';' becomes a line
        break); a block written on one line with one statement stays on its line, any other
        opens at the end of its line and closes on a line of its own; one space between
        tokens (none inside ( ) and [ ], before ',', around '..' and in 64KB/s); at most one
        blank line in a row; strings, regexes and JSON exactly as written. A file is
        rewritten only with text that reads as the same statements; one with an error such
        as an unterminated string is left as it is, and its errors are printed.

        \(usageLine(for: "fmt"))

        ARGUMENTS:
          FILE...                 Rule files to format in place; a folder means every *.rules
                                  file below it; '-' formats standard input to standard output.

        OPTIONS:
          --check                 Write nothing; print the name of each file that is not laid
                                  out canonically, and exit 1 if there is one.
          -h, --help              Show help information.

        EXIT STATUS:
          0  every file is laid out canonically (now, or already with --check)
          1  --check found a file to format, or a file was left as it is
          2  usage error: unknown option, unreadable or unwritable file

        """

    private static let lsp = """
        OVERVIEW: A language server for rule files, over standard input and output.

        Speaks the Language Server Protocol (JSON-RPC with Content-Length headers) to an
        editor: diagnostics as the text changes, with fix-its as quick fixes; completion of
        the words that fit where the cursor is; hover with a word's summary; go to the file a
        'body file' or 'stream file' path names; one symbol per rule; formatting as
        'rewrite fmt' does it. Documents are synchronised whole.

        \(usageLine(for: "lsp"))

        EXIT STATUS:
          0  the editor asked the server to shut down, then to exit
          1  the input ended, or 'exit' came without 'shutdown'
          2  usage error: an argument was given

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
          --response-stream FILE      A streamed response body (server-sent events, JSON Lines,
                                      JSON sequences): each message goes through 'response each
                                      message' and is shown before and after. The format comes
                                      from a Content-Type --response-header, else the file name
                                      (.sse, .ndjson, .jsonl, .json-seq).
          --har SESSION.har           Instead of --request: run every request of a HAR file (from
                                      a browser, Charles, Proxyman, mitmproxy or RewriteKit) in
                                      order, each with its recorded response for the response
                                      phase, and end with a summary of what the rules changed.
          --env NAME=VALUE            Set a variable for ${env.NAME}; repeat for more. Rules
                                      otherwise read the process environment.
          --explain                   Also show every rule, closest to applying first (fewest
                                      conditions failed; the rules that apply lead), with
                                      each 'when' condition held (✓) or failed (✗) and the
                                      request's value beside a failed one (JSON: "explain");
                                      with a stream, on how many messages each 'response each
                                      message when' guard held (JSON: "explainMessages").
          --redact-header NAME        Also treat this header's values as secrets; repeatable.
          --show-secrets              Print secret values as they are. Without it, the values
                                      of Authorization, Proxy-Authorization, Cookie, Set-Cookie,
                                      X-Api-Key and --redact-header headers, and of query
                                      parameters such as token, key, sig or password, read
                                      <redacted> wherever they appear, as in activity events.
          --format text|json          'text' (default), or JSON: one object per request (an
                                      array of them for several --requests) with the keys
                                      request {method, url, headers: [[name, value]], body},
                                      response {status, headers, body} or null,
                                      failure {code, name} or null,
                                      responseSource (stub, given, recorded, failed or none),
                                      appliedRules [{name, file, line}],
                                      shaping {delay, throttleBytesPerSecond, cacheLifetime},
                                      trace [{rule, phase, line, description, event, ...}],
                                      and with --explain, explain [{rule, held, conditions:
                                      [{condition, held, actual}]}]. With --har: an object
                                      {har, entries: [one object per request], skipped: [...]}.
          -h, --help                  Show help information.

        Colour is used only when standard output is a terminal and NO_COLOR is not set.

        \(applyExitCodes)

        """

    private static let report = """
        OVERVIEW: Write one HTML page of what the rules did to each exchange of HAR files.

        Runs every entry of the HAR files through the rules, as 'apply --har' does, and writes
        one self-contained page: a table of the exchanges (method, URL, status, time, size, the
        rules that applied, network or stub) with filters and a timeline, and for each exchange
        its request and response before and after the rules with the changes highlighted, the
        trace, and for one no rule applied to, the rules that came closest. The page loads
        nothing: open it from disk or a CI artifact. Secrets are redacted as in import-har.

        \(usageLine(for: "report"))

        ARGUMENTS:
          HAR...                  HAR files, in order; '-' reads standard input.

        OPTIONS:
          --rules RULES           A rule file or a folder of them; repeatable. Without rules the
                                  page shows the traffic as recorded.
          -o, --output FILE.html  The page to write (replaced if it exists).
          --title TEXT            The page's title (default: 'RewriteKit report: NAME').
          --env NAME=VALUE        Set ${env.NAME} for the rules; repeatable.
          -h, --help              Show help information.

        EXIT STATUS:
          0  the page was written
          1  a rule file has an error, or a HAR file is not JSON or not a HAR
          2  usage error: unknown option, bad value, unreadable or unwritable file

        """

    private static let importHAR = """
        OVERVIEW: Turn a HAR file into a recording: a rule file that replays it, and its bodies.

        Reads a HAR 1.2 file as browsers, proxies and recorders write it (Chrome, Edge, Firefox,
        Safari, Charles, Fiddler, mitmproxy, Playwright, Polly.JS, WebPageTest, RewriteKit, …)
        and writes DIR/NAME.rules plus DIR/bodies/, with the writer an app's recording uses:
        each entry becomes a rule that matches its method, host, port, path, query and body
        (JSON compared as JSON) and answers with the recorded status, headers and body, byte
        for byte. Each hop of a redirect chain is its own rule, answering with its 3xx and
        Location, so a replay follows the chain hop by hop. A URL answered differently on
        repeated calls becomes 'times' rules in order. The file is checked before it is
        written: it loads clean.

        \(usageLine(for: "import-har"))

        ARGUMENTS:
          SESSION.har             The HAR file; '-' reads standard input.

        OPTIONS:
          -o, --output DIR        The folder to write to (created only when something is written).
          --name NAME             The rule file's name without '.rules' (default: the HAR file's).
          --mode once|new|all     once (default): never touch an existing recording; new: append
                                  the requests it does not answer yet; all: replace it.
          --keep-set-cookie       Replay Set-Cookie headers (their values still redacted).
          --redact-header NAME    Also treat this header's values as secrets; repeatable.
          --empty-bodies          Stub responses whose body the HAR did not keep with an empty
                                  body, on purpose, instead of skipping them.
          -h, --help              Show help information.

        Every entry is written or listed as 'skipped' with its reason, in the HAR's order:
        not an http(s) URL (data:, blob:, extensions), no response (blocked or failed: status
        0), or the HAR holds no body for this response (a body size or Content-Length above 0
        but no text). When every entry is skipped, nothing is written and the output says
        'nothing to record'. Fields the importer does not need may have any type; one warning
        on standard error names the first such field.

        SECRETS:
          Values of Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key and
          --redact-header names, and of query parameters whose names end with token, key, sig,
          signature, secret, password, passwd, auth, session, sessionid or code (and the like,
          case-insensitive), read <redacted>; so does each such value of 8 characters or more
          wherever else it appears: URLs, headers (Location too), bodies and the lines printed.
          Request headers are never written.

        EXIT STATUS:
          0  the HAR was read (whatever was written or skipped)
          1  the file is not JSON or not a HAR: one line, FILE:LINE:COLUMN: error: MESSAGE
          2  usage error: unknown option, bad value, unreadable file

        """
}
