import Foundation

/// Finds the installation a protocol class answers for, and keeps every installation
/// alive until it is uninstalled: an app may let go of its ``Rewriter`` and of the
/// ``Rewriter/Installation`` token, and the rules stay in force (as OHHTTPStubs, Mocker
/// and Pulse keep a registration until it is removed).
///
/// Installation numbers count up from 1 and are never reused; number 0 is the class
/// registered for `URLSession.shared`, which answers for whichever rewriter owns the
/// shared session now. An uninstalled installation stays reachable for ``gracePeriod``
/// (it declines new requests at once): URLSession asks `canInit` and makes the
/// protocol object a moment later, and a request caught in between must still be served
/// with the app's configuration. Requests in flight hold their installation themselves.
final class InterceptorRegistry: Sendable {
    static let shared = InterceptorRegistry(gracePeriod: 30)

    private struct State {
        var nextNumber = 1
        var entries: [Int: Interceptor] = [:]
        var sharedOwner: Interceptor?
    }

    private let state = Locked(State())
    /// How long an uninstalled installation stays reachable for a request URLSession has
    /// already matched to it.
    let gracePeriod: TimeInterval

    init(gracePeriod: TimeInterval) {
        self.gracePeriod = gracePeriod
    }

    /// Makes a new installation with the next number and keeps it until it is retired.
    func add(_ make: (Int) -> Interceptor) -> Interceptor {
        state.withLock { state in
            let number = state.nextNumber
            state.nextNumber += 1
            let interceptor = make(number)
            state.entries[number] = interceptor
            return interceptor
        }
    }

    /// The installation with this number (0: the shared session's owner), if it is
    /// installed or within its grace period.
    func interceptor(for number: Int) -> Interceptor? {
        state.withLock { state in
            number == 0 ? state.sharedOwner : state.entries[number]
        }
    }

    /// The number of installations kept, retired ones in their grace period included.
    var count: Int { state.withLock { $0.entries.count } }

    /// Ends `interceptor`: it declines new requests now and is let go after the grace period.
    func retire(_ interceptor: Interceptor) {
        interceptor.stopTakingRequests()
        let number = interceptor.number
        DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) { [self] in
            state.withLock { state in
                if number == 0 {
                    if state.sharedOwner === interceptor { state.sharedOwner = nil }
                } else if state.entries[number] === interceptor {
                    state.entries[number] = nil
                }
            }
        }
    }

    /// Makes `interceptor` the shared session's; returns the one it replaces.
    func takeSharedSession(_ interceptor: Interceptor) -> Interceptor? {
        state.withLock { state in
            defer { state.sharedOwner = interceptor }
            return state.sharedOwner
        }
    }
}
