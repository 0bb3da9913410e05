import Foundation
import RewriteKit

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let start = Stopwatch.now()
        do {
            try process.run()
        } catch {
            return nil
        }
        // Drain both pipes before waiting, so a chatty child cannot block on a full pipe.
        let errorData = Locked(Data())
        let errorDrained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            errorDrained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorDrained.wait()
        process.waitUntilExit()
        let elapsed = Stopwatch.now() - start
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.withLock { $0 }, as: UTF8.self),
            elapsed: elapsed)
    }
}

