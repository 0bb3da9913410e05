/// A simulated link (`network`): the latency each request waits before it goes out, a random
/// jitter on it, the downlink and uplink rates that every request under the same profile shares,
/// and the share of requests that are lost.
struct NetworkProfile: Sendable, Hashable {
    /// What a lost request does.
    enum LossEffect: Sendable, Hashable {
        /// It fails with this error after the latency.
        case fail(RequestError)
        /// Nothing comes back: it waits until its own timeout, then fails with `timedOut`.
        case stall
    }

    /// The profile's name: a preset's, a custom profile's own, or one made of its settings.
    /// Requests under equal profiles share one link.
    var name: String
    /// Seconds each request waits before it goes out (the round trip the link adds).
    var latency: Double = 0
    /// Up to this many seconds more or less, drawn per request.
    var jitter: Double = 0
    /// Bytes per second the responses of every request under the profile share; nil: unlimited.
    var downlink: Int?
    /// Bytes per second the request bodies share; nil: unlimited.
    var uplink: Int?
    /// The probability (0 to 1) that a request is lost.
    var loss: Double = 0
    var lossEffect = LossEffect.fail(RequestError(code: -1005))  // NSURLErrorNetworkConnectionLost
    /// Makes jitter and loss repeatable: the same seed draws the same sequence.
    var seed: UInt64?

    /// The presets, with where their figures come from.
    ///
    /// The three speeds are Chrome DevTools' throttling presets, as `devtools-frontend` defines
    /// them (`front_end/core/sdk/NetworkManager.ts`, `Slow3GConditions`, `Slow4GConditions`,
    /// `Fast4GConditions`, after the May 2024 renaming, crbug.com/342406608): bytes per second
    /// and the latency with DevTools' own adjustment factors. `Offline` is DevTools' offline
    /// preset; `100% Loss` is the Network Link Conditioner's profile of that name (nothing
    /// gets through: requests wait until their timeout).
    static let presets: [(name: String, profile: NetworkProfile, source: String)] = [
        ("3G", NetworkProfile(name: "3G", latency: 2.0, downlink: 50_000, uplink: 50_000),
         "Chrome DevTools \"3G\" (formerly Slow 3G): 500 kbit/s × 0.8 both ways, 400 ms RTT × 5"),
        ("Slow 4G", NetworkProfile(name: "Slow 4G", latency: 0.5625, downlink: 180_000, uplink: 84_375),
         "Chrome DevTools \"Slow 4G\" (formerly Fast 3G): 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up, 150 ms RTT × 3.75"),
        ("Fast 4G", NetworkProfile(name: "Fast 4G", latency: 0.165, downlink: 1_012_500, uplink: 168_750),
         "Chrome DevTools \"Fast 4G\": 9 Mbit/s × 0.9 down, 1.5 Mbit/s × 0.9 up, 60 ms RTT × 2.75"),
        ("Offline", NetworkProfile(name: "Offline", loss: 1, lossEffect: .fail(RequestError(code: -1009))),  // NSURLErrorNotConnectedToInternet
         "Chrome DevTools \"Offline\": every request fails at once, not connected to the internet"),
        ("100% Loss", NetworkProfile(name: "100% Loss", loss: 1, lossEffect: .stall),
         "the Network Link Conditioner's \"100% Loss\": nothing gets through; each request waits until its timeout"),
    ]

    /// The preset named `name` (compared case-insensitively).
    static func preset(named name: String) -> NetworkProfile? {
        presets.first { ASCIICase.equal($0.name, name) }?.profile
    }
}
