/// How many requests each `times N` rule has applied to, for one installation (or one
/// `rewrite apply` run). Claims are atomic, so concurrent requests never exceed a limit.
///
/// Counts belong to one pipeline: when the rules are replaced, the new rules start at zero.
final class RuleUseCounts: Sendable {
    private struct State {
        /// The pipeline the counts are for. Weak: a pipeline counts its own uses in one of
        /// these, and a strong reference would keep both alive forever. A pipeline that is
        /// gone reads nil, so a new one at the same address still starts at zero.
        weak var pipeline: Pipeline?
        /// Uses so far, by rule position in the pipeline.
        var uses: [Int: Int] = [:]
    }

    private let state = Locked(State())

    /// Creates counts at zero.
    init() {}

    /// Counts one use of the rule at `position` of `pipeline` if it has uses left (fewer
    /// than `limit` so far); false when it is used up.
    func claim(position: Int, limit: Int, in pipeline: Pipeline) -> Bool {
        state.withLock { state in
            if state.pipeline !== pipeline {
                state.pipeline = pipeline
                state.uses.removeAll()
            }
            let used = state.uses[position, default: 0]
            guard used < limit else { return false }
            state.uses[position] = used + 1
            return true
        }
    }

    /// Starts every count again from zero.
    func reset() {
        state.withLock { $0.uses.removeAll() }
    }
}
