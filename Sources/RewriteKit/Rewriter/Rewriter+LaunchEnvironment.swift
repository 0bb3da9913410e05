import Foundation

extension Rewriter {
    /// The launch-environment variable holding the rule files a UI test hands to the app
    /// it launches: paths separated by `:` — the first file's rules come first.
    ///
    /// A path the app cannot reach (the test runner's own path, seen from an app on a
    /// device or in a sandbox) is looked up by its file name in the app's bundle
    /// resources, then in its Documents folder, so a file copied there (a build phase, or
    /// `xcrun devicectl device copy to`) is found with its neighbours (`body file` paths).
    public static let launchRulesVariable = "REWRITEKIT_RULES"

    /// The launch-environment variable holding rule text itself, for an app that can reach
    /// no file of the test's (a device, a sandboxed Mac app). Its rules come after those of
    /// ``launchRulesVariable``'s files; diagnostics name the variable. `body file` paths in
    /// it are read relative to the app's Documents folder.
    public static let launchRulesTextVariable = "REWRITEKIT_RULES_TEXT"

    /// The launch-environment variable naming the file where the app writes the
    /// activity of the run for the test to read: one JSON object per line, one line
    /// per event, redacted as events are. Where the app cannot create it (its folder is
    /// the test runner's, on a device), the file is written under the same name in the
    /// app's Documents folder.
    public static let launchActivityVariable = "REWRITEKIT_ACTIVITY"

    /// Opens the door through which a UI test (or any parent process) hands rules to the
    /// app it launches: loads the files named in ``launchRulesVariable`` and the text in
    /// ``launchRulesTextVariable`` and, if ``launchActivityVariable`` names a file, writes
    /// the run's activity there.
    ///
    /// This is the only place RewriteKit reads rules or writes activity because of the
    /// environment, and it does nothing unless the app calls it. Keep the call out of
    /// release builds, so a shipped app cannot be made to load rules or write traffic
    /// through its environment:
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.default
    /// #if DEBUG
    /// if let rewriter = try Rewriter.fromLaunchEnvironment() {
    ///     try rewriter.install(in: configuration)     // before the first request
    /// }
    /// #endif
    /// ```
    ///
    /// and from the UI test (paths work on macOS and the iOS Simulator, which share the
    /// Mac's file system; text works everywhere):
    ///
    /// ```swift
    /// app.launchEnvironment[Rewriter.launchRulesVariable] = stubsURL.path
    /// app.launchEnvironment[Rewriter.launchRulesTextVariable] = try String(contentsOf: stubsURL, encoding: .utf8)
    /// app.launchEnvironment[Rewriter.launchActivityVariable] = activityURL.path
    /// ```
    ///
    /// - Parameter environment: the variables to read; the process's own by default.
    /// - Returns: a rewriter for the named files and text, or nil when both variables are
    ///   absent or empty. The activity file is created (or emptied) now and written for as
    ///   long as the rewriter's rules are installed.
    /// - Throws: ``RuleSetError`` when a named file has errors or cannot be found (the
    ///   message lists where it was looked for) or the text has errors, and the file
    ///   system's error when the activity file cannot be created.
    public static func fromLaunchEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Rewriter? {
        try fromLaunchEnvironment(environment, searching: LaunchFolders.app)
    }

    /// ``fromLaunchEnvironment(_:)`` with the folders an unreachable path is looked up in.
    static func fromLaunchEnvironment(_ environment: [String: String], searching folders: LaunchFolders) throws -> Rewriter? {
        let paths = (environment[launchRulesVariable] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let text = environment[launchRulesTextVariable] ?? ""
        guard !paths.isEmpty || !text.isEmpty else { return nil }
        var ruleSets = try paths.map { try RuleSet(contentsOf: folders.reachable($0)) }
        if !text.isEmpty {
            ruleSets.append(try RuleSet(rules: text, name: launchRulesTextVariable, baseDirectory: folders.documents))
        }
        let rewriter = Rewriter(ruleSets: ruleSets)
        if let activityPath = environment[launchActivityVariable], !activityPath.isEmpty {
            let log = try ActivityLogFile(path: folders.writable(activityPath).path)
            rewriter.keep(rewriter.addObserver { event in log.append(event.jsonLine) })
        }
        return rewriter
    }
}
