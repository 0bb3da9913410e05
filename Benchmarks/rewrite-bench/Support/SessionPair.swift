import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// A plain session and one with a rewriter of some rules installed, for rows that time the
/// same work on both, alternating.
struct SessionPair {
    let plain: URLSession
    let intercepted: URLSession
    private let rewriter: Rewriter

    init(rules: String, name: String) throws {
        rewriter = Rewriter(pipeline: try PipelineFactory.pipeline(rules, name: name))
        let configuration = URLSessionConfiguration.ephemeral
        try rewriter.install(in: configuration)
        intercepted = URLSession(configuration: configuration)
        plain = URLSession(configuration: .ephemeral)
    }

    /// Times `work` on each session `rounds` times after two warm-up rounds, alternating
    /// which goes first.
    func measure(rounds: Int, _ work: (URLSession) -> Void) -> (plain: Samples, intercepted: Samples) {
        var samples = (plain: Samples(), intercepted: Samples())
        for round in -2..<rounds {
            for isIntercepted in [round % 2 == 0, round % 2 != 0] {
                let time = Stopwatch.time { work(isIntercepted ? intercepted : plain) }
                guard round >= 0 else { continue }
                if isIntercepted { samples.intercepted.append(time) } else { samples.plain.append(time) }
            }
        }
        return samples
    }

    /// Ends both sessions and the installation.
    func close() {
        plain.invalidateAndCancel()
        intercepted.invalidateAndCancel()
        rewriter.uninstall()
    }
}
