import Foundation

/// One simulated link (`network`): what every request under one profile shares, in one
/// installation. The downlink is a token bucket the paced response bodies draw from, so
/// concurrent downloads share its rate as on a real link; the uplink is a clock that says
/// when a request body has crossed it, so concurrent uploads queue behind each other; jitter
/// and loss are drawn from one generator, seeded when the profile says so, in the order the
/// requests reach the link.
final class NetworkLink: Sendable {
    /// What the link does to one request.
    enum Decision: Sendable {
        /// It goes out after `hold` seconds: the latency, the jitter drawn, and the time its
        /// body takes on the uplink.
        case pass(hold: Double, jitter: Double, upload: Double)
        /// It is lost: it fails with `error` after the latency, or (`error` nil) stalls.
        case lost(RequestError?, after: Double)
    }

    let profile: NetworkProfile
    /// The downlink's shared budget; nil when the profile sets no downlink.
    let downlink: LinkBudget?

    private struct State {
        var random: LinkRandom
        /// When the uplink is free again (seconds on the monotonic clock).
        var uplinkFree = 0.0
    }

    private let state: Locked<State>

    init(_ profile: NetworkProfile) {
        self.profile = profile
        downlink = profile.downlink.map { LinkBudget(bytesPerSecond: $0) }
        state = Locked(State(random: LinkRandom(seed: profile.seed)))
    }

    /// The decision for the next request, whose body is `uploadBytes` long.
    func admit(uploadBytes: Int) -> Decision {
        state.withLock { state in
            let lost = profile.loss > 0 && state.random.unit() < profile.loss
            let jitter = profile.jitter > 0 ? (state.random.unit() * 2 - 1) * profile.jitter : 0
            if lost {
                if case .fail(let error) = profile.lossEffect { return .lost(error, after: max(0, profile.latency + jitter)) }
                return .lost(nil, after: .infinity)
            }
            var upload = 0.0
            if let rate = profile.uplink, uploadBytes > 0 {
                let now = Self.now()
                let done = max(now, state.uplinkFree) + Double(uploadBytes) / Double(rate)
                state.uplinkFree = done
                upload = done - now
            }
            return .pass(hold: max(0, profile.latency + jitter) + upload, jitter: jitter, upload: upload)
        }
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// A token bucket shared by the paced bodies of one link: it fills at the link's rate, up
/// to one tick's worth, and each body takes what it may send this tick, at most an equal
/// share of a tick among the bodies drawing now, so concurrent bodies share the link evenly
/// (as TCP flows roughly do) instead of the first one to tick taking it all.
final class LinkBudget: Sendable {
    /// The longest a bucket fills while nobody draws: a burst of one tick.
    static let burstSeconds = 0.05

    let bytesPerSecond: Int

    private struct State {
        var tokens: Double
        var filled: Double
        /// When each body drawing from the link last asked.
        var asked: [ObjectIdentifier: Double] = [:]
    }

    private let state: Locked<State>

    init(bytesPerSecond: Int) {
        self.bytesPerSecond = max(1, bytesPerSecond)
        state = Locked(State(tokens: Double(max(1, bytesPerSecond)) * Self.burstSeconds, filled: NetworkLink.now()))
    }

    /// Draws `bytes` from the budget a tick at a time, on `queue`, then calls `done`; stops
    /// (without calling it) as soon as `going` says the load ended.
    func transfer(_ bytes: Int, on queue: DispatchQueue, while going: @escaping @Sendable () -> Bool, done: @escaping @Sendable () -> Void) {
        let left = Locked(bytes)
        let consumer = ObjectIdentifier(left)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: Self.burstSeconds)
        timer.setEventHandler { [self] in
            guard going() else { return timer.cancel() }
            let remaining = left.withLock { left -> Int in
                left -= take(upTo: left, for: consumer)
                return left
            }
            if remaining == 0 {
                timer.cancel()
                done()
            }
        }
        timer.resume()
    }

    /// Takes up to `wanted` bytes' worth for `consumer` (one body); returns how many may go now.
    func take(upTo wanted: Int, for consumer: ObjectIdentifier) -> Int {
        guard wanted > 0 else { return 0 }
        return state.withLock { state in
            let now = NetworkLink.now()
            let capacity = Double(bytesPerSecond) * Self.burstSeconds
            state.tokens = min(capacity, state.tokens + (now - state.filled) * Double(bytesPerSecond))
            state.filled = now
            // The bodies that asked within the last two ticks share the link.
            state.asked[consumer] = now
            state.asked = state.asked.filter { now - $0.value <= 2 * Self.burstSeconds }
            let share = capacity / Double(max(1, state.asked.count))
            let granted = max(0, min(wanted, Int(min(state.tokens, share))))
            state.tokens -= Double(granted)
            return granted
        }
    }
}

/// The draws of one link: SplitMix64 from the profile's seed, or the system's generator.
struct LinkRandom: Sendable {
    private var seed: UInt64?

    init(seed: UInt64?) { self.seed = seed }

    /// A number in 0..<1.
    mutating func unit() -> Double {
        guard var value = seed else { return Double.random(in: 0..<1) }
        value &+= 0x9E37_79B9_7F4A_7C15
        seed = value
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
