/// The expectations the run checks; the exit status is 1 if any failed.
struct Checks {
    private(set) var passed = 0
    private(set) var failures: [String] = []

    /// Records `condition` under `description`; returns it so callers can stop early.
    @discardableResult
    mutating func expect(_ condition: Bool, _ description: String) -> Bool {
        if condition { passed += 1 } else { failures.append(description) }
        return condition
    }
}
