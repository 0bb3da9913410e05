import Foundation
import RewriteKit

/// The second rule set: send one host's traffic to another server, keeping the path.
enum RouteRules {
    /// Rule text such as
    /// `rule "route httpbin.org" { when host == "httpbin.org"  request { set-url "http://127.0.0.1:PORT${path}" } }`.
    static func source(sendingHost host: String, to server: URL) -> String {
        let base = server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString
        return """
            # Composed after tutorial.rules: the tutorial's rule rewrites the request, this one
            # only changes where it goes.
            rule "route \(host) to the test server" {
                when host == "\(host)"
                request { set-url "\(base)${path}" }
            }

            """
    }

    /// The compiled rule set, named `<route>` in traces.
    static func ruleSet(sendingHost host: String, to server: URL) throws -> RuleSet {
        try RuleSet(rules: source(sendingHost: host, to: server), name: "<route>")
    }
}
