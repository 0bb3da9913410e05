#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to its end with `posix_spawn`, for this package's tests and benchmark.
///
/// Not Foundation's `Process`: on Linux, Swift 6.3.1's `Process.run()` crashes now and then
/// (an over-read of `struct dirent` in `findMaximumOpenFromProcSelfFD()`,
/// swift-corelibs-foundation PR #5472), and a test suite that starts processes in parallel
/// hits it. Standard input, output and error go through files, so a chatty child can never
/// block on a full pipe; the child gets no other descriptor of ours.
package enum SpawnedProcess {
    /// What one run produced.
    package struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        package var status: Int32
        /// Standard output.
        package var output: Data
        /// Standard error.
        package var error: Data
    }

    /// The program could not be started.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The folder of the package's built products (executables beside the test bundle),
    /// from a class of the test target that asks.
    ///
    /// On macOS that is the folder of the `.xctest` bundle holding `anchor`: `Bundle(for:)`
    /// finds it from the class's image, under `xctest` and under `swiftpm-testing-helper`
    /// (which runs Swift Testing without making a bundle of the test binary, so
    /// `Bundle.allBundles` does not list it). On Linux the tests are an executable in that
    /// folder, `Bundle.main`.
    package static func productsDirectory(besides anchor: AnyClass) -> URL {
        #if os(macOS)
        var url = Bundle(for: anchor).bundleURL
        while url.path != "/", url.pathExtension != "xctest" { url.deleteLastPathComponent() }
        if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
        #endif
        return Bundle.main.bundleURL
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` (the current
    /// one when nil) and `input` on standard input, and waits for it to end.
    package static func run(
        _ executable: URL, arguments: [String] = [], directory: URL? = nil, environment: [String: String]? = nil,
        input: Data = Data()
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (inPath, outPath, errPath) = (scratch.appendingPathComponent("in"), scratch.appendingPathComponent("out"), scratch.appendingPathComponent("err"))
        try input.write(to: inPath)

        // On Darwin both types are opaque pointers (`void *` typedefs Swift sees as optional
        // raw pointers, with no empty initializer), as swift-tools-support-core declares them;
        // on Glibc they are structs.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory.path) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        if let directory {
            guard let addChdir = GlibcSpawn.addChdir else { throw Failure(description: "this C library cannot set a spawned process's directory") }
            _ = addChdir(&actions, directory.path)
        }
        _ = GlibcSpawn.addClosefrom?(&actions, 3)
        #endif

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))") }
        }
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exit, output: try Data(contentsOf: outPath), error: try Data(contentsOf: errPath))
    }
}

#if os(Linux)
extension SpawnedProcess {
/// glibc's spawn actions that Swift's Glibc module does not import (they need
/// `_GNU_SOURCE`): `posix_spawn_file_actions_addchdir_np` (glibc 2.29) and
/// `posix_spawn_file_actions_addclosefrom_np` (2.34), looked up once.
private enum GlibcSpawn {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }
    static let addClosefrom: AddClosefrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddClosefrom.self) }
}
}
#endif
#endif
