import Foundation

/// The memory behind the `cache` clause: successful GET responses by URL, each kept for
/// its rule's lifetime, within a byte budget. One per installation, never on disk.
///
/// Storing purges expired entries and then evicts the least recently used ones until
/// the new entry fits; a response larger than the whole budget is not kept.
final class ResponseCache: Sendable {
    /// A kept response.
    struct Entry: Sendable {
        var response: HTTPResponse
        var url: URL
        var expires: Date
    }

    private struct Slot {
        var entry: Entry
        var size: Int
        var lastUse: UInt64
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes kept (bodies plus headers).
    let byteLimit: Int
    private let state = Locked(State())

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// Bytes kept now.
    var bytesUsed: Int { state.withLock { $0.bytes } }

    /// The live entry for a URL, if any; an expired one is dropped.
    func entry(for key: String, now: Date = Date()) -> Entry? {
        state.withLock { state in
            guard var slot = state.slots[key] else { return nil }
            guard slot.entry.expires > now else {
                state.slots[key] = nil
                state.bytes -= slot.size
                return nil
            }
            state.clock += 1
            slot.lastUse = state.clock
            state.slots[key] = slot
            return slot.entry
        }
    }

    /// Whether `outcome`'s `cache` clause keeps a response with `status`: a GET's 2xx.
    static func keeps(status: Int, for outcome: RequestOutcome?) -> Bool {
        guard let outcome, outcome.cacheLifetime != nil else { return false }
        return outcome.request.method == "GET" && (200..<300).contains(status)
    }

    /// Keeps `response` for as long as `outcome`'s `cache` clause says, when it keeps it.
    func store(_ response: HTTPResponse, url: URL, for outcome: RequestOutcome?) {
        guard let outcome, let lifetime = outcome.cacheLifetime, Self.keeps(status: response.status, for: outcome) else { return }
        store(response, url: url, for: outcome.request.url.description, lifetime: lifetime)
    }

    /// Keeps a response for `lifetime` seconds, if it fits the budget.
    func store(_ response: HTTPResponse, url: URL, for key: String, lifetime: Double, now: Date = Date()) {
        let size = response.body.count + response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count } + key.utf8.count
        guard size <= byteLimit else { return }
        let entry = Entry(response: response, url: url, expires: now.addingTimeInterval(lifetime))
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: key) { state.bytes -= old.size }
            for (name, slot) in state.slots where slot.entry.expires <= now {
                state.slots[name] = nil
                state.bytes -= slot.size
            }
            while state.bytes + size > byteLimit, let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.slots[oldest.key] = nil
                state.bytes -= oldest.value.size
            }
            state.clock += 1
            state.slots[key] = Slot(entry: entry, size: size, lastUse: state.clock)
            state.bytes += size
        }
    }

    /// Forgets everything.
    func removeAll() {
        state.withLock { $0 = State() }
    }
}
