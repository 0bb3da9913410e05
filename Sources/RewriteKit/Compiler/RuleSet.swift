import Foundation

/// The compiled rules of one rule file, ready to be combined into a ``Pipeline``.
///
/// Loading checks the text and compiles it once: regexes and globs are compiled and the
/// contents of every `body file` are read now, never per request. A rule set with errors
/// is never made; its warnings are kept in ``warnings``.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/api.rules"))
/// let pipeline = Pipeline(ruleSets: [rules])
/// ```
public struct RuleSet: Sendable {
    /// The name used in diagnostics and traces (`Rules/api.rules`, `<string>`).
    public let name: String
    /// The warnings the checker reported.
    public let warnings: [Diagnostic]
    /// The compiled rules, in file order.
    let rules: [CompiledRule]

    /// Compiles rule text. `baseDirectory` is the folder `body file` paths are read from.
    public init(source: String, name: String = "<string>", baseDirectory: URL? = nil) throws(RuleSetError) {
        try self.init(SourceFile(name: name, text: source, baseDirectory: baseDirectory))
    }

    /// Reads and compiles a rule file; the path as given is its display name, and its
    /// folder is where `body file` paths are read from.
    public init(contentsOf url: URL) throws(RuleSetError) {
        let path = url.isFileURL ? url.relativePath : url.absoluteString
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadableFile(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
        try self.init(SourceFile(name: path, bytes: [UInt8](data), baseDirectory: url.deletingLastPathComponent()))
    }

    /// Loads the `NAME.rules` resource of a bundle.
    public static func bundled(named name: String, bundle: Bundle = .main) throws(RuleSetError) -> RuleSet {
        let base = name.hasSuffix(".rules") ? String(name.dropLast(6)) : name
        guard let url = bundle.url(forResource: base, withExtension: "rules") else {
            throw .resourceNotFound(name: base, bundlePath: bundle.bundlePath)
        }
        return try RuleSet(contentsOf: url)
    }

    /// Checks and compiles a source file.
    init(_ source: SourceFile) throws(RuleSetError) {
        let analysis = RuleFileAnalysis.analyze(source)
        if analysis.hasErrors {
            throw .invalidRules(
                diagnostics: analysis.diagnostics, rendered: DiagnosticFormatter(source: source).format(analysis.diagnostics))
        }
        var compiler = Compiler(source: source)
        let rules = compiler.compile(analysis.ruleFile)
        if !compiler.diagnostics.isEmpty {
            let all = analysis.diagnostics + compiler.diagnostics
            throw .invalidRules(diagnostics: all, rendered: DiagnosticFormatter(source: source).format(all))
        }
        self.name = source.name
        self.warnings = analysis.warnings
        self.rules = rules
    }

    /// The number of rules.
    public var ruleCount: Int { rules.count }

    /// The rules' names and places, in file order.
    public var ruleReferences: [RuleReference] { rules.map(\.reference) }
}
