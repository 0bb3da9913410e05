import Foundation
import Testing

@testable import RewriteKit

/// `network`: what `rewrite check` says, and the profiles the compiler makes.
@Suite("Network clauses")
struct NetworkClauseTests {
    static func profile(_ rules: String) throws -> NetworkProfile? {
        let pipeline = Pipeline(ruleSets: [try RuleSet(rules: rules, name: "n.rules", baseDirectory: nil)])
        return pipeline.processRequest(try #require(HTTPRequest(method: "GET", url: "https://api.example.com/"))).network?.profile
    }

    @Test func presetsAndCustomProfiles() throws {
        let threeG = try #require(try Self.profile(#"rule "a" { network "3g" }"#))
        #expect(threeG.name == "3G" && threeG.latency == 2 && threeG.downlink == 50_000 && threeG.uplink == 50_000)
        let lost = try #require(try Self.profile(#"rule "a" { network "100% Loss" }"#))
        #expect(lost.loss == 1 && lost.lossEffect == .stall)
        let custom = try #require(try Self.profile(#"""
            rule "a" {
                network "flaky" { latency 120ms; jitter 30ms; down 64KB/s; up 16KB/s; loss 20% fail timeout; seed 42 }
            }
            """#))
        #expect(custom.name == "flaky")
        #expect(custom.latency == 0.12 && custom.jitter == 0.03 && custom.downlink == 65_536 && custom.uplink == 16_384)
        #expect(custom.loss == 0.2 && custom.lossEffect == .fail(RequestError(code: -1001)) && custom.seed == 42)
        let unnamed = try #require(try Self.profile(#"rule "a" { network { latency 50ms; loss 5% stall } }"#))
        #expect(unnamed.name == "latency 50ms, loss 5.0%")
    }

    @Test func badInputGetsLocatedDiagnosticsWithTheValidRange() {
        expectFrontEndDiagnostics(
            #"""
            rule "a" {
                network 1️⃣"3 G"
            }
            rule "b" {
                network {
                    down 2️⃣0B/s
                    latency 3️⃣-5ms
                    loss 4️⃣150%
                    up 10KB/s
                    up 5️⃣20KB/s
                }
            }
            rule "c" {
                network { loss 6️⃣5ms }
            }
            """#,
            [
                #"1️⃣ error: unknown network profile "3 G"; did you mean "3G"? the presets are "3G", "Slow 4G", "Fast 4G", "Offline", "100% Loss", or write '{ … }' with settings"#,
                "2️⃣ error: 'down 0B/s' is out of range; a bandwidth is 1B/s to 1GB/s (leave it out for no limit)",
                "3️⃣ error: duration '-5ms' is out of range for 'latency'; expected 0ms to 1h",
                "4️⃣ error: 'loss 150%' is out of range; a loss is 0% to 100%",
                "5️⃣ error: 'up' is given twice in this profile",
                "6️⃣ error: expected a percentage such as '5%' after 'loss', found '5ms'",
            ])
    }
}
