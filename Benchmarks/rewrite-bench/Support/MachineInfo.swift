import Foundation

/// The machine and build a run was measured on, for the header above the table.
struct MachineInfo {
    var processors: Int
    var cpuModel: String
    var memory: String
    var swiftVersion: String
    var configuration: String
    var kernel: String

    /// Reads /proc and asks `swift --version`.
    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let memory = ProcessMemory.field("MemTotal", in: "/proc/meminfo")
            .map { String(format: "%.1f GiB", Double($0) / 1_073_741_824) } ?? "unknown"
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #if DEBUG
        let configuration = "debug (numbers are meaningless: use -c release)"
        #else
        let configuration = "release"
        #endif
        return MachineInfo(
            processors: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, memory: memory,
            swiftVersion: swiftVersionLine(), configuration: configuration, kernel: kernel)
    }

    /// The header lines.
    func rendered() -> String {
        """
        machine: \(processors) cores (nproc), \(cpuModel), \(memory) RAM, Linux \(kernel)
        toolchain: \(swiftVersion); build: \(configuration)
        """
    }

    private static func swiftVersionLine() -> String {
        let output = ChildProcess.run("/usr/bin/env", ["swift", "--version"])
        let line = output?.standardOutput.split(separator: "\n").first { $0.contains("Swift version") }
        return line.map(String.init) ?? "unknown (swift not on PATH)"
    }
}
