extension Rewriter {
    /// Starts capturing the traffic of every installation of this rewriter, for a HAR
    /// export or a recording (see ``TrafficCapture``). The capture runs until stopped or
    /// released.
    ///
    /// - Parameters:
    ///   - bodyLimit: the most bytes of each request and response body kept; 16 MB by default.
    ///   - exchangeLimit: the most exchanges kept; 1,000 by default.
    ///   - revealingSecrets: keep the values of redacted headers and query parameters. Off
    ///     by default; a capture that reveals them must never leave the machine.
    public func startCapture(bodyLimit: Int = 16 << 20, exchangeLimit: Int = 1_000, revealingSecrets: Bool = false) -> TrafficCapture {
        TrafficCapture(
            sink: CaptureSink(bodyLimit: max(0, bodyLimit), exchangeLimit: max(0, exchangeLimit), revealsSecrets: revealingSecrets),
            core: core)
    }

    /// A capture of only the exchanges the rules bring through the rewriter anyway: requests
    /// no rule could touch stay uncarried, as without it. For a test session's report.
    package func startPassiveCapture(bodyLimit: Int, exchangeLimit: Int) -> TrafficCapture {
        TrafficCapture(
            sink: CaptureSink(bodyLimit: max(0, bodyLimit), exchangeLimit: max(0, exchangeLimit), revealsSecrets: false, seesAllTraffic: false),
            core: core)
    }

    /// Makes the installations made from now on read these swift-corelibs-foundation fields
    /// as missing, as a toolchain without them would (``CorelibsFact``): how the tests prove
    /// that each miss is reported and handled. Does nothing on Apple platforms.
    package func hideCorelibsFieldsForTesting(_ names: Set<String>) {
        core.hiddenCorelibsFields.withLock { $0 = names }
    }
}
