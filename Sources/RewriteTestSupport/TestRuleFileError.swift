import Foundation

import RewriteKit

/// Why ``TestRuleFile`` could not give a test its rules.
public enum TestRuleFileError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// No file at `path` in any of the `searched` folders.
    case notFound(path: String, searched: [String])
    /// The file was found but does not compile; the error carries its diagnostics.
    case invalid(RuleSetError)

    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .notFound(let path, let searched):
            let places = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
            return "no rule file '\(path)'\(places); run the tests from the package root "
                + "or set \(TestRuleFile.rootEnvironmentVariable) to the folder the path is relative to"
        case .invalid(let error):
            return error.description
        }
    }

    /// The same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
