/// Maps interception slots to live installations.
///
/// A slot is claimed by `Rewriter.install(in:)` and freed by `uninstall()`.
/// Freed slots are reused least-recently-freed first, so a session still
/// holding an uninstalled slot's class stays quiet as long as possible.
final class InstallationRegistry: Sendable {
    static let shared = InstallationRegistry()

    private struct State {
        var installations: [Installation?] = Array(repeating: nil, count: RewriteURLProtocol.slotCount)
        /// Free slots, in the order they should be reused (slot 0 is kept for the shared session).
        var free: [Int] = Array(1..<RewriteURLProtocol.slotCount)
    }

    private let state = Locked(State())

    /// The installation using a slot, if any.
    func installation(forSlot slot: Int) -> Installation? {
        state.withLock { slot < $0.installations.count ? $0.installations[slot] : nil }
    }

    /// Claims a free slot (or slot 0, the shared session's) for an installation built by `make`.
    func claim(sharedSession: Bool, _ make: (Int) -> Installation) throws(InterceptionError) -> Installation {
        let claimed = state.withLock { (state: inout State) -> Installation? in
            let slot: Int
            if sharedSession {
                slot = 0
                state.installations[0]?.invalidate()
            } else {
                guard !state.free.isEmpty else { return nil }
                slot = state.free.removeFirst()
            }
            let installation = make(slot)
            state.installations[slot] = installation
            return installation
        }
        guard let claimed else { throw .tooManyInstallations(limit: RewriteURLProtocol.slotCount - 1) }
        return claimed
    }

    /// Frees an installation's slot if it still holds it.
    func release(_ installation: Installation) {
        state.withLock { state in
            guard state.installations[installation.slot] === installation else { return }
            state.installations[installation.slot] = nil
            if installation.slot != 0 { state.free.append(installation.slot) }
        }
        installation.invalidate()
    }
}
