import Foundation
import RewriteKit

/// Finds a rule file for a test by its path in the package, without `Bundle` resources or
/// `#filePath`.
///
/// `swift test` runs tests with the package root as the current directory, so a path such
/// as `"Tests/Stubs/api.rules"` is looked up there and then in each parent folder (a test
/// started from a sub-folder still finds it). When tests run elsewhere — an Xcode scheme,
/// a CI job with another working directory — set `REWRITE_RULES_ROOT` to the folder the
/// paths are relative to; it is searched first.
///
/// ```swift
/// let rules = try TestRuleFile.ruleSet("Tests/Stubs/api.rules")
/// let stubs = RewriteTestSession(ruleSets: [rules])
/// ```
public enum TestRuleFile {
    /// The environment variable naming an extra folder to search first.
    public static let rootEnvironmentVariable = "REWRITE_RULES_ROOT"

    /// The file URL of `path`: the path itself when absolute, otherwise the first existing
    /// file found relative to `REWRITE_RULES_ROOT`, `directory` or one of its parents.
    ///
    /// - Parameters:
    ///   - path: the file's path, absolute or relative to the folders searched.
    ///   - directory: where the search starts; the current directory by default.
    /// - Throws: ``TestRuleFileError/notFound(path:searched:)`` naming every folder tried.
    public static func url(_ path: String, searchingFrom directory: URL? = nil) throws -> URL {
        if path.hasPrefix("/") {
            guard isFile(path) else { throw TestRuleFileError.notFound(path: path, searched: []) }
            return URL(fileURLWithPath: path)
        }
        var searched: [String] = []
        for folder in candidateFolders(startingAt: directory) {
            let candidate = folder.appendingPathComponent(path)
            if isFile(candidate.path) { return candidate.standardizedFileURL }
            searched.append(folder.path)
        }
        throw TestRuleFileError.notFound(path: path, searched: searched)
    }

    /// Finds `path` as ``url(_:searchingFrom:)`` does and compiles it.
    ///
    /// - Throws: ``TestRuleFileError/notFound(path:searched:)``, or
    ///   ``TestRuleFileError/invalid(_:)`` with the rule file's diagnostics.
    public static func ruleSet(_ path: String, searchingFrom directory: URL? = nil) throws -> RuleSet {
        let located = try url(path, searchingFrom: directory)
        do {
            return try RuleSet(contentsOf: located)
        } catch let error as RuleSetError {
            throw TestRuleFileError.invalid(error)
        }
    }

    private static func candidateFolders(startingAt directory: URL?) -> [URL] {
        var folders: [URL] = []
        if let root = ProcessInfo.processInfo.environment[rootEnvironmentVariable], !root.isEmpty {
            folders.append(URL(fileURLWithPath: root, isDirectory: true))
        }
        let start = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var folder = start.standardizedFileURL
        while true {
            folders.append(folder)
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
        return folders
    }

    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
