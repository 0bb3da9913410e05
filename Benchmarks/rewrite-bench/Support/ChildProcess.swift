import Foundation
import RewriteTestSupport

/// Runs a program to completion and collects what it printed.
enum ChildProcess {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Wall-clock time from launch to exit, in nanoseconds.
        var elapsed: UInt64
    }

    /// Runs `executable` with `arguments`; nil when it cannot be started.
    static func run(_ executable: String, _ arguments: [String], currentDirectory: URL? = nil) -> Output? {
        #if os(macOS) || os(Linux)
        let start = Stopwatch.now()
        // Not Foundation's Process, which crashes now and then on Linux (see SpawnedProcess).
        guard let run = try? SpawnedProcess.run(URL(fileURLWithPath: executable), arguments: arguments, directory: currentDirectory) else {
            return nil
        }
        return Output(
            status: run.status, standardOutput: String(decoding: run.output, as: UTF8.self),
            standardError: String(decoding: run.error, as: UTF8.self), elapsed: Stopwatch.now() - start)
        #else
        return nil  // iOS, tvOS and watchOS cannot start processes; the package still builds for them
        #endif
    }
}

