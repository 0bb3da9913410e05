import Foundation

/// The memory behind the `cache` clause: successful GET responses by URL, each
/// kept for its rule's lifetime. One per installation, never on disk.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        var response: HTTPResponse
        var url: URL
        var expires: Date
    }

    private let entries = Locked<[String: Entry]>([:])

    /// The live entry for a URL, if any; an expired one is dropped.
    func entry(for key: String, now: Date = Date()) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard entry.expires > now else {
                entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps a response for `lifetime` seconds.
    func store(_ response: HTTPResponse, url: URL, for key: String, lifetime: Double, now: Date = Date()) {
        let entry = Entry(response: response, url: url, expires: now.addingTimeInterval(lifetime))
        entries.withLock { $0[key] = entry }
    }

    /// Forgets everything.
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
