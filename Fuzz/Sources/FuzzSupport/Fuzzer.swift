import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif

/// The shape of libFuzzer's per-input callback, `LLVMFuzzerTestOneInput`.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer's driver on this process's arguments.
///
/// SwiftPM links an executable's `main` itself, so libFuzzer's own `main` never
/// runs; the target's `@main` calls this instead. libFuzzer's flags (`-max_len`,
/// `-max_total_time`, corpus folders…) are parsed from the command line as usual.
public enum Fuzzer {
    /// Hands control to libFuzzer; returns only through `exit`.
    public static func run(_ testOneInput: FuzzTestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
        exit(status)
    }

    /// Copies libFuzzer's input into an array (an empty input may come as a null pointer).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the process with a message on standard error, so that libFuzzer
    /// records the input as a crash. Use it for a broken invariant.
    public static func fail(_ message: String) -> Never {
        FileHandleWriter.standardError("fuzz invariant broken: \(message)\n")
        fatalError(message)
    }
}

/// Writes straight to a file descriptor, without Foundation.
enum FileHandleWriter {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = write(2, base, buffer.count)
        }
    }
}
