/// How many messages each `times N` message block, or `on message` reply, has run on in one
/// stream or connection: the caller keeps one per stream or connection and hands it to each run.
struct MessageBlockUses: Sendable {
    /// A block: which list it is in (a rule's `response each message` or `request each message`
    /// blocks, by the rule's identity, or the conversation's replies) and its place there.
    struct Key: Hashable, Sendable {
        enum List: Hashable, Sendable {
            case received(ObjectIdentifier)
            case sent(ObjectIdentifier)
            case replies
        }

        let list: List
        let index: Int
    }

    private var counts: [Key: Int] = [:]

    /// Whether the block may run once more (no limit, or fewer than `limit` runs so far); a
    /// run it may make is counted.
    mutating func take(_ key: Key, limit: Int?) -> Bool {
        guard let limit else { return true }
        let used = counts[key, default: 0]
        guard used < limit else { return false }
        counts[key] = used + 1
        return true
    }
}
