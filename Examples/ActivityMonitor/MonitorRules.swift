import Foundation
import RewriteKit

/// The rules the batch runs through. The server addresses are only known at run time,
/// so the text is made here; everything else is plain rule language.
enum MonitorRules {
    static func source(server: URL, closedPort: URL) -> String {
        """
        # Every request gets an ID (and so every request is seen by the monitor).
        rule "request id" {
            request { add-header "X-Request-ID" "${uuid}" }
        }

        rule "no ads" {
            when host == "ads.monitor.test"
            fail offline
        }

        rule "config stub" {
            when host == "api.monitor.test" and path == "/v1/config"
            respond 200 {
                header "Content-Type" "application/json"
                body json {"theme": "dark", "refresh": 30}
            }
        }

        rule "slow stub" {
            when host == "api.monitor.test" and path == "/v1/slow-stub"
            delay 1s
            respond 200 {
                header "Content-Type" "text/plain"
                body "worth the wait"
            }
        }

        rule "api to the local server" {
            when host == "api.monitor.test"
            request { set-url "\(trimmed(server))${path}" }
        }

        # Nothing listens there: the connection is refused.
        rule "legacy to a closed port" {
            when host == "legacy.monitor.test"
            request { set-url "\(trimmed(closedPort))${path}" }
        }

        """
    }

    static func ruleSet(server: URL, closedPort: URL) throws -> RuleSet {
        try RuleSet(rules: source(server: server, closedPort: closedPort), name: "<monitor>")
    }

    private static func trimmed(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
