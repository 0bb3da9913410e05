import Foundation

/// Human units for the table.
enum Format {
    /// `312 ns`, `1.25 µs`, `3.40 ms`, `1.20 s` from nanoseconds.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: return String(format: "%.2f s", nanoseconds / 1_000_000_000)
        }
    }

    /// `850 MB/s`, `2.31 GB/s` (decimal units) from bytes per second.
    static func throughput(_ bytesPerSecond: Double) -> String {
        if bytesPerSecond >= 1e9 { return String(format: "%.2f GB/s", bytesPerSecond / 1e9) }
        if bytesPerSecond >= 1e6 { return String(format: "%.0f MB/s", bytesPerSecond / 1e6) }
        return String(format: "%.2f MB/s", bytesPerSecond / 1e6)
    }

    /// `12.3 MB`, or `412 KB` under a megabyte (binary units, as the kernel's kB), from bytes.
    static func memory(_ bytes: Double) -> String {
        abs(bytes) < 1_048_576 ? String(format: "%.0f KB", bytes / 1024) : String(format: "%.1f MB", bytes / 1_048_576)
    }

    /// `0.0042×`, `1.07×`, `312×`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        switch value {
        case ..<0.01: return String(format: "%.5f×", value)
        case ..<10: return String(format: "%.3f×", value)
        case ..<1000: return String(format: "%.0f×", value)
        default: return String(format: "%.3g×", value)
        }
    }

    /// `1,000` for `1000`.
    static func count(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
