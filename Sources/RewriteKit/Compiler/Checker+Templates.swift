/// Checks on `${...}` placeholders.
extension Checker {
    /// Reports unknown variables and regex groups the rule's regexes do not have.
    ///
    /// `groups` is the number of capture groups available, or `nil` when it is unknown
    /// (a regex in the rule is itself invalid); `${0}` is the whole match and always allowed.
    mutating func check(_ template: Template, groups: Int?) {
        for (variable, range) in template.variables {
            switch variable {
            case .unknown(let name):
                error(
                    DiagnosticMessages.unknownTemplateVariable(name, suggestion: suggestion(for: name)), range)
            case .group(let number):
                if let groups, number > groups {
                    error(DiagnosticMessages.missingRegexGroup(number, available: groups), range)
                }
            case .json(let path):
                checkJSONPath(path, range)
            default:
                break
            }
        }
    }

    private func suggestion(for name: String) -> String? {
        if let dot = name.firstIndex(of: ".") {
            let prefix = String(name[..<dot])
            let rest = name[dot...]
            return Suggestions.closest(to: prefix, in: TemplateVariable.prefixes).map { $0 + rest }
        }
        return Suggestions.closest(to: name, in: TemplateVariable.simpleNames)
    }
}
