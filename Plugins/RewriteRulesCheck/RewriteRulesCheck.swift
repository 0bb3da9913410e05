import Foundation
import PackagePlugin

/// Checks every `.rules` file of the target it is applied to with `rewrite check`, so rule
/// errors show in `swift build` output and Xcode's issue navigator at FILE:LINE:COLUMN and
/// fail the build; warnings stay warnings.
///
/// The check is a build command whose inputs are the rule files and whose output is a stamp
/// (a Swift file holding one comment, compiled into the target so the build runs the check
/// before compiling it): the build runs it again only when a rule file changes.
@main
struct RewriteRulesCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let rules = target.sourceFiles(withSuffix: "rules").map(\.url)
        return try Self.commands(
            checking: rules, with: context.tool(named: "rewrite").url, in: context.pluginWorkDirectoryURL, target: target.name)
    }

    /// One build command checking `rules`, or none when the target has no rule file.
    static func commands(checking rules: [URL], with tool: URL, in workDirectory: URL, target: String) -> [Command] {
        guard !rules.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("RewriteRulesChecked_\(target).swift")
        return [
            .buildCommand(
                displayName: "Checking \(rules.count) rule file\(rules.count == 1 ? "" : "s") of \(target)",
                executable: tool,
                arguments: ["check", "--stamp", stamp.path] + rules.map(\.path),
                inputFiles: rules,
                outputFiles: [stamp]),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RewriteRulesCheck: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let rules = target.inputFiles.filter { $0.url.pathExtension == "rules" }.map(\.url)
        return try Self.commands(
            checking: rules, with: context.tool(named: "rewrite").url, in: context.pluginWorkDirectoryURL,
            target: target.displayName)
    }
}
#endif
