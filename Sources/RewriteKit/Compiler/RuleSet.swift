import Foundation

/// The compiled rules of one rule file, ready to be combined into a ``Pipeline``.
///
/// Loading compiles the text in one pass that checks as it goes: regexes and globs are
/// compiled and the contents of every `body file` are read now, never per request. A rule
/// set with errors is never made; its warnings are kept in ``warnings``. `rewrite check`
/// runs the same compiler, so a file it passes is a file this loads. A large file (512 KB
/// or more) is compiled in parts on all processors, with the same result.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/api.rules"))
/// let pipeline = Pipeline(ruleSets: [rules])
/// ```
public struct RuleSet: Sendable {
    /// The name used in diagnostics and traces (`Rules/api.rules`, `<string>`).
    public let name: String
    /// The warnings the compiler reported.
    public let warnings: [Diagnostic]
    /// The compiled rules, in file order.
    let rules: [CompiledRule]

    /// Compiles rule text, labelled `rules:` as in `RewriteTestSession(rules:)` and the
    /// `.rewrite(rules:)` test trait. `baseDirectory` is the folder `body file` paths are
    /// read from.
    ///
    /// - Throws: ``RuleSetError/invalidRules(diagnostics:rendered:)`` when the text has errors.
    public init(rules: String, name: String = "<string>", baseDirectory: URL? = nil) throws {
        try self.init(SourceFile(name: name, text: rules, baseDirectory: baseDirectory))
    }

    /// Reads and compiles a rule file; the path as given is its display name, and its
    /// folder is where `body file` paths are read from.
    ///
    /// - Throws: ``RuleSetError``: the file cannot be read, or its rules have errors.
    public init(contentsOf url: URL) throws {
        let path = url.isFileURL ? url.relativePath : url.absoluteString
        var isDirectory: ObjCBool = false
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw RuleSetError.unreadableFile(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw RuleSetError.unreadableFile(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RuleSetError.unreadableFile(path: path, reason: error.localizedDescription)
        }
        try self.init(SourceFile(name: path, bytes: [UInt8](data), baseDirectory: url.deletingLastPathComponent()))
    }

    /// Loads the `NAME.rules` resource of a bundle.
    ///
    /// With the default, the main bundle, the resource bundles SwiftPM makes for package
    /// targets are searched too (`App_App.resources` beside a Linux executable,
    /// `App_App.bundle` in an app's resources), in name order after the main bundle, so the
    /// same line works in an Xcode app target and in a SwiftPM target that lists the file
    /// in `resources:`. Pass `bundle: .module` to name a target's own bundle.
    ///
    /// - Throws: ``RuleSetError``: no such resource (the error names every bundle searched
    ///   and how to add the file), or it cannot be read, or its rules have errors.
    public static func bundled(named name: String, bundle: Bundle = .main) throws -> RuleSet {
        let base = name.hasSuffix(".rules") ? String(name.dropLast(6)) : name
        let bundles = bundle === Bundle.main ? [bundle] + resourceBundles(beside: bundle) : [bundle]
        guard let url = bundles.lazy.compactMap({ $0.url(forResource: base, withExtension: "rules") }).first else {
            throw RuleSetError.resourceNotFound(name: base, searched: bundles.map(\.bundlePath))
        }
        do {
            return try RuleSet(contentsOf: url)
        } catch RuleSetError.invalidRules(let diagnostics, let rendered) {
            // The places name the copy the build made; the file to edit is the project's.
            let note = "note: \(url.path) is the copy the build put in the bundle; edit \(base).rules in your "
                + "project and build again (run `rewrite check` on it, or add the RewriteRulesCheck plugin, to see "
                + "these errors at build time)"
            throw RuleSetError.invalidRules(diagnostics: diagnostics, rendered: rendered + (rendered.hasSuffix("\n") ? "" : "\n") + note)
        }
    }

    /// The resource bundles SwiftPM puts beside an executable (Linux: `NAME.resources`
    /// folders) or in an app's resources (`NAME.bundle`), in name order.
    static func resourceBundles(beside main: Bundle) -> [Bundle] {
        let folders = [main.bundleURL, main.resourceURL].compactMap { $0?.standardizedFileURL }
        var seen = Set<String>()
        return folders.flatMap { folder -> [Bundle] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted()
                .filter { ($0.hasSuffix(".resources") || $0.hasSuffix(".bundle")) && seen.insert(folder.path + "/" + $0).inserted }
                .compactMap { Bundle(url: folder.appendingPathComponent($0)) }
        }
    }

    /// Compiles a source file; throws its diagnostics when any is an error.
    package init(_ source: SourceFile) throws(RuleSetError) {
        try self.init(Compiler.compile(source), source: source)
    }

    /// A rule set from a compilation that has no errors; throws its diagnostics otherwise.
    package init(_ compilation: Compilation, source: SourceFile) throws(RuleSetError) {
        if compilation.hasErrors {
            throw .invalidRules(
                diagnostics: compilation.diagnostics,
                rendered: DiagnosticFormatter(source: source).format(compilation.diagnostics))
        }
        self.name = source.name
        self.warnings = compilation.warnings
        self.rules = compilation.rules
    }

    /// The number of rules.
    package var ruleCount: Int { rules.count }

    /// The rules' names and places, in file order.
    public var ruleReferences: [RuleReference] { rules.map(\.reference) }
}
