import Foundation

/// Why a rule set could not be loaded: what ``RuleSet``'s initializers and
/// ``Rewriter/init(contentsOf:)`` throw.
///
/// RewriteKit's public functions are declared `throws`, not `throws(RuleSetError)`, as
/// SE-0413 advises for public API (a typed error is a promise the domain never grows);
/// each documents the one error type it throws, so `catch let error as RuleSetError`
/// always matches.
public enum RuleSetError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The rule text has errors; `rendered` is every diagnostic formatted the way clang
    /// does (`FILE:LINE:COL: error: MESSAGE`, the source line, a caret).
    case invalidRules(diagnostics: [Diagnostic], rendered: String)
    /// The rule file could not be read.
    case unreadableFile(path: String, reason: String)
    /// `RuleSet.bundled(named:bundle:)` found no such `.rules` resource in the bundles it
    /// searched (their paths, the one asked for first).
    case resourceNotFound(name: String, searched: [String])

    /// The diagnostics (errors and warnings) of invalid rules; empty for the other cases.
    public var diagnostics: [Diagnostic] {
        if case .invalidRules(let diagnostics, _) = self { return diagnostics }
        return []
    }

    /// A readable account of the problem.
    public var description: String {
        switch self {
        case .invalidRules(let diagnostics, let rendered):
            let errors = diagnostics.filter(\.isError).count
            let text = rendered.hasSuffix("\n") ? String(rendered.dropLast()) : rendered
            return "\(text)\n\(errors) error\(errors == 1 ? "" : "s") in the rules; no rule was loaded"
        case .unreadableFile(let path, let reason):
            return "cannot read rule file '\(path)': \(reason)"
        case .resourceNotFound(let name, let searched):
            let places = searched.map { "'\($0)'" }.joined(separator: ", ")
            return "no rule file '\(name).rules' in \(searched.count == 1 ? "the bundle" : "the bundles") \(places). "
                + "In a SwiftPM target, list it in the target's resources (resources: [.copy(\"\(name).rules\")]) "
                + "and load it with RuleSet.bundled(named: \"\(name)\", bundle: .module); in an Xcode target, add it to "
                + "the target's Copy Bundle Resources; or load any file with RuleSet(contentsOf:)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
