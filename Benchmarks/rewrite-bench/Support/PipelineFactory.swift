import Foundation
import RewriteKit

/// Compiles rule text into a pipeline through the public API.
enum PipelineFactory {
    /// The pipeline for one rule file's text.
    static func pipeline(_ text: String, name: String = "bench.rules") throws -> Pipeline {
        Pipeline(ruleSets: [try RuleSet(rules: text, name: name, baseDirectory: nil)])
    }
}
