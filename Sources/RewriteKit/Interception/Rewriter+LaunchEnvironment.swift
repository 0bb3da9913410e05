import Foundation

extension Rewriter {
    /// The launch-environment variable holding the rule files a UI test hands to the app
    /// it launches: absolute paths separated by `:` (Linux, macOS) — the first file's
    /// rules come first.
    public static let launchRulesVariable = "REWRITEKIT_RULES"

    /// The launch-environment variable naming the file where the app writes the
    /// activity of the run for the test to read: one JSON object per line, one line
    /// per event, redacted as events are.
    public static let launchActivityVariable = "REWRITEKIT_ACTIVITY"

    /// Opens the door through which a UI test (or any parent process) hands rules to the
    /// app it launches: loads the files named in ``launchRulesVariable`` and, if
    /// ``launchActivityVariable`` names a file, writes the run's activity there.
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
    /// and from the UI test:
    ///
    /// ```swift
    /// app.launchEnvironment[Rewriter.launchRulesVariable] = stubsURL.path
    /// app.launchEnvironment[Rewriter.launchActivityVariable] = activityURL.path
    /// ```
    ///
    /// - Parameter environment: the variables to read; the process's own by default.
    /// - Returns: a rewriter for the named files, or nil when ``launchRulesVariable`` is
    ///   absent or empty. The activity file is created (or emptied) now and written for as
    ///   long as the rewriter's rules are installed.
    /// - Throws: ``RuleSetError`` when a named file has errors or cannot be read, and the
    ///   file system's error when the activity file cannot be created.
    public static func fromLaunchEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Rewriter? {
        guard let list = environment[launchRulesVariable] else { return nil }
        let paths = list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        guard !paths.isEmpty else { return nil }
        let ruleSets = try paths.map { try RuleSet(contentsOf: URL(fileURLWithPath: $0)) }
        let rewriter = Rewriter(ruleSets: ruleSets)
        if let activityPath = environment[launchActivityVariable], !activityPath.isEmpty {
            let log = try ActivityLogFile(path: activityPath)
            rewriter.keep(rewriter.addObserver { event in log.append(event.jsonLine) })
        }
        return rewriter
    }
}
