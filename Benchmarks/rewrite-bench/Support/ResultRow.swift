/// One line of the result table: a measurement, its same-run baseline, and the goal.
struct ResultRow {
    /// Whether the goal holds, or that the row is informational.
    enum Verdict: String {
        case met = "yes"
        case missed = "NO"
        case informational = ""
        case unavailable = "n/a"
    }

    /// What is measured, e.g. `match 100,000 rules: processRequest median`.
    var name: String
    /// The measured value, formatted.
    var measured: String
    /// The baseline value, formatted.
    var baseline: String
    /// The ratio measured ÷ baseline (or its inverse for throughput; see `ratioNote`).
    var ratio: String
    /// The goal, e.g. `≤ 1 µs`; empty when the row has none.
    var goal: String
    /// Whether the goal is met.
    var verdict: Verdict

    /// A row for a measurement that could not be taken.
    static func unavailable(_ name: String, reason: String, goal: String = "") -> ResultRow {
        ResultRow(name: name, measured: "n/a (\(reason))", baseline: "", ratio: "", goal: goal, verdict: .unavailable)
    }
}
