/// Where one ``TrafficCapture`` collects exchanges: held by the rewriter's core while the
/// capture runs, fed by every exchange that ends meanwhile.
final class CaptureSink: Sendable {
    /// The most response or request body bytes kept per exchange.
    let bodyLimit: Int
    /// The most exchanges kept.
    let exchangeLimit: Int
    /// Whether secrets are kept as they were.
    let revealsSecrets: Bool
    /// Whether the capture makes the rewriter carry every request (to record all of it), or
    /// keeps only the exchanges the rules bring through it anyway, leaving the rest as they
    /// would be without it.
    let seesAllTraffic: Bool
    private let state = Locked<(exchanges: [RecordedExchange], dropped: Int)>(([], 0))

    init(bodyLimit: Int, exchangeLimit: Int, revealsSecrets: Bool, seesAllTraffic: Bool = true) {
        self.bodyLimit = bodyLimit
        self.exchangeLimit = exchangeLimit
        self.revealsSecrets = revealsSecrets
        self.seesAllTraffic = seesAllTraffic
    }

    /// Keeps an exchange (already redacted), or counts it as dropped when full.
    func add(_ exchange: RecordedExchange) {
        state.withLock { state in
            if state.exchanges.count < exchangeLimit {
                state.exchanges.append(exchange)
            } else {
                state.dropped += 1
            }
        }
    }

    /// The exchanges kept, in the order they ended.
    var exchanges: [RecordedExchange] { state.withLock { $0.exchanges } }

    /// Exchanges not kept because the limit was reached.
    var dropped: Int { state.withLock { $0.dropped } }
}
