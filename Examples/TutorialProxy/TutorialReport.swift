import Foundation
import RewriteKit

/// Prints what the server saw and what the app got, and checks both.
enum TutorialReport {
    static func print(_ result: TutorialRequest, title: String, finished: ActivityEvent?, checks: inout Checks) {
        Swift.print("")
        Swift.print(title)
        Swift.print("   app sends:   POST https://httpbin.org/post  Content-Type: application/json  \(TutorialRequest.body)")
        guard checks.expect(result.error == nil, "the request succeeds (\(describe(result.error)))"),
              checks.expect(result.status == 200, "the status is 200 (got \(result.status.map(String.init) ?? "none"))")
        else { return }

        let reply: EchoReply
        do {
            reply = try JSONDecoder().decode(EchoReply.self, from: result.body)
        } catch {
            checks.expect(false, "the reply is the echo server's JSON (\(error)): \(String(decoding: result.body, as: UTF8.self))")
            return
        }
        let userAgent = reply.headers.first { $0.key.lowercased() == "user-agent" }?.value ?? "(none)"
        Swift.print("   server saw:  body        \(reply.data)")
        Swift.print("                User-Agent  \(userAgent)")
        if let stamp = reply.proxyTimestamp {
            Swift.print("   app got:     200, and \"proxy_timestamp\": \(NumberFormatting.plain(stamp)) injected into the reply")
        } else {
            Swift.print("   app got:     200, with no \"proxy_timestamp\"")
        }

        let rules = finished?.completion?.appliedRules.map(\.description).joined(separator: ", ") ?? "(no activity event)"
        Swift.print("   rules:       \(rules)")

        checks.expect(sameJSON(reply.data, #"{"wrapper":{"hello":"world"}}"#),
                      #"the server saw {"wrapper":{"hello":"world"}} (got \#(reply.data))"#)
        checks.expect(userAgent == "ProxyApp/1.0", "the server saw User-Agent ProxyApp/1.0 (got \(userAgent))")
        let now = Date().timeIntervalSince1970
        checks.expect(reply.proxyTimestamp.map { abs($0 - now) < 300 } ?? false,
                      "the app got a numeric proxy_timestamp close to now (got \(reply.proxyTimestamp.map { "\($0)" } ?? "none"))")
        checks.expect(finished?.completion?.appliedRules.map(\.name).first == "wrap httpbin payloads",
                      "\"wrap httpbin payloads\" applied first (got \(rules))")
    }

    /// `URLError -1004: Could not connect to the server.` rather than the whole NSError.
    private static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "ok" }
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue): \(urlError.localizedDescription)" }
        return "\(error)"
    }

    /// Whether two texts are the same JSON value.
    private static func sameJSON(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = try? JSONSerialization.jsonObject(with: Data(lhs.utf8)) as? NSDictionary,
              let right = try? JSONSerialization.jsonObject(with: Data(rhs.utf8)) as? NSDictionary
        else { return false }
        return left == right
    }
}

/// Numbers as the rules wrote them: `1795324536`, not `1.795324536e+09`.
enum NumberFormatting {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
