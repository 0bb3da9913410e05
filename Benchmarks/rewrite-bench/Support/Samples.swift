/// Timings of one variant, in nanoseconds, and the statistics the table reports.
struct Samples {
    private(set) var values: [Double] = []

    /// Adds one measurement.
    mutating func append(_ nanoseconds: UInt64) {
        values.append(Double(nanoseconds))
    }

    /// Adds one measurement that is already a double.
    mutating func append(value: Double) {
        values.append(value)
    }

    /// The number of measurements.
    var count: Int { values.count }

    /// The median (mean of the middle two for an even count); 0 when empty.
    var median: Double { percentile(50) }

    /// The p-th percentile by nearest rank; 0 when empty.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        if p == 50 {
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }

    /// The largest measurement; 0 when empty.
    var maximum: Double { values.max() ?? 0 }

    /// The smallest measurement; 0 when empty.
    var minimum: Double { values.min() ?? 0 }
}
