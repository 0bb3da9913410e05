// The app's code; its rule file is checked by the RewriteRulesCheck plugin at build time
// and shipped as a resource.
import RewriteKit
import SwiftUI

@main
struct FixtureApp: App {
    var body: some Scene {
        WindowGroup {
            Text((try? RuleSet.bundled(named: "api")) == nil ? "no rules" : "built with checked rules")
        }
    }
}
