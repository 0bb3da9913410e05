#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files and standard input as bytes, reporting failures with the
/// operating system's reason (`no such file or directory`, `is a directory`).
enum FileReader {
    /// A file could not be read.
    struct Failure: Error, Equatable {
        /// The path as the user typed it.
        let path: String
        /// Why, in lower case: `no such file or directory`.
        let reason: String

        /// `cannot read 'nope.rules': no such file or directory`.
        var message: String { "cannot read '\(path)': \(reason)" }
    }

    /// The contents of the file at `path`.
    static func read(path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        defer { _ = close(descriptor) }
        return try readAll(from: descriptor, name: path)
    }

    /// Everything on standard input.
    static func readStandardInput() throws -> [UInt8] {
        try readAll(from: 0, name: "-")
    }

    private static func readAll(from descriptor: Int32, name: String) throws -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                Glue.read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count > 0 {
                contents += chunk[0..<count]
            } else if count == 0 {
                return contents
            } else if errno != EINTR {
                throw Failure(path: name, reason: reason(errno))
            }
        }
    }

    /// `strerror`, lower-cased at the start the way our messages are.
    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        guard let first = message.first else { return message }
        return first.lowercased() + message.dropFirst()
    }
}

/// The C library's `read`, named apart from Swift's own `read` methods.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }
}
