import Foundation

/// Finds the installation a protocol class answers for.
///
/// Installation numbers count up from 1 and are never reused; number 0 is the class
/// registered for `URLSession.shared`, which answers for whichever rewriter owns the
/// shared session now. Entries are weak: an installation lives as long as its rewriter
/// (or its ``Rewriter/Installation`` token) keeps it, plus the requests it is serving.
final class InterceptorRegistry: Sendable {
    static let shared = InterceptorRegistry()

    private struct Entry {
        weak var interceptor: Interceptor?
    }

    private struct State {
        var nextNumber = 1
        var entries: [Int: Entry] = [:]
        var sharedOwner = Entry()
    }

    private let state = Locked(State())
    private let grace = Locked<TimeInterval>(30)

    /// How long a released installation stays reachable for a request URLSession has
    /// already matched to it (it asks `canInit`, then makes the protocol object).
    var gracePeriod: TimeInterval {
        get { grace.withLock { $0 } }
        set { grace.withLock { $0 = newValue } }
    }

    /// Makes a new installation with the next number.
    func add(_ make: (Int) -> Interceptor) -> Interceptor {
        state.withLock { state in
            let number = state.nextNumber
            state.nextNumber += 1
            let interceptor = make(number)
            state.entries[number] = Entry(interceptor: interceptor)
            return interceptor
        }
    }

    /// The live installation with this number (0: the shared session's owner), if any.
    func interceptor(for number: Int) -> Interceptor? {
        state.withLock { state in
            number == 0 ? state.sharedOwner.interceptor : state.entries[number]?.interceptor
        }
    }

    /// Drops a number whose installation is gone.
    func forget(_ number: Int) {
        state.withLock { state in
            if state.entries[number]?.interceptor == nil { state.entries[number] = nil }
        }
    }

    /// Makes `interceptor` the shared session's; returns the one it replaces.
    func takeSharedSession(_ interceptor: Interceptor) -> Interceptor? {
        state.withLock { state in
            let previous = state.sharedOwner.interceptor
            state.sharedOwner = Entry(interceptor: interceptor)
            return previous
        }
    }

    /// Gives up the shared session, if `interceptor` still has it.
    func leaveSharedSession(_ interceptor: Interceptor) {
        state.withLock { state in
            if state.sharedOwner.interceptor === interceptor { state.sharedOwner = Entry() }
        }
    }
}
