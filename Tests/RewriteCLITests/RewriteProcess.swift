#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteTestSupport

/// Runs the built `rewrite` binary as a child process and collects what it printed.
///
/// The binary sits in the build products directory, beside the test bundle: on Linux
/// `Bundle.main.bundleURL` is that directory; on macOS it is the directory that holds
/// the `.xctest` bundle. `REWRITE_BINARY` overrides both.
struct RewriteProcess {
    /// What one run produced.
    struct Result: CustomStringConvertible {
        /// Standard output, as UTF-8 text.
        let stdout: String
        /// Standard error, as UTF-8 text.
        let stderr: String
        /// The exit status.
        let status: Int32

        /// For failing expectations: everything at once.
        var description: String {
            "status \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
        }
    }

    /// The `rewrite` executable.
    static var executable: URL {
        if let override = ProcessInfo.processInfo.environment["REWRITE_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return productsDirectory.appendingPathComponent("rewrite")
    }

    private static var productsDirectory: URL { SpawnedProcess.productsDirectory(besides: ProductsAnchor.self) }

    /// A class of this test target, for finding its bundle.
    private final class ProductsAnchor {}

    /// Runs `rewrite ARGUMENTS` in `directory` with `input` on standard input and extra
    /// environment variables (`nil` removes one), and waits for it to end.
    static func run(
        _ arguments: [String], in directory: URL? = nil, input: String = "",
        environment: [String: String?] = [:]
    ) throws -> Result {
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        for (name, value) in environment { variables[name] = value }
        // Not Foundation's Process, which crashes now and then on Linux (see SpawnedProcess).
        let run = try SpawnedProcess.run(
            executable, arguments: arguments, directory: directory ?? FileManager.default.temporaryDirectory,
            environment: variables, input: Data(input.utf8))
        return Result(stdout: String(decoding: run.output, as: UTF8.self), stderr: String(decoding: run.error, as: UTF8.self), status: run.status)
    }
}
#endif
