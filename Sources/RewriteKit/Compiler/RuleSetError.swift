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
    /// `RuleSet.bundled(named:bundle:)` found no such `.rules` resource.
    case resourceNotFound(name: String, bundlePath: String)

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
        case .resourceNotFound(let name, let bundlePath):
            return "no rule file '\(name).rules' in bundle '\(bundlePath)'"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
