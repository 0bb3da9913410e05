import Foundation

/// Standard output or standard error, written to as UTF-8 text. Each `write` goes
/// straight to the file descriptor, so the two streams interleave in the order written.
struct StandardStream: Sendable {
    /// The file descriptor: 1 or 2.
    let descriptor: Int32

    /// Standard output: results (reports, JSON).
    static let output = StandardStream(descriptor: 1)
    /// Standard error: diagnostics, usage errors.
    static let error = StandardStream(descriptor: 2)

    /// Writes text as it is.
    func write(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(Data(text.utf8))
    }

    /// Writes text followed by a newline.
    func writeLine(_ text: String = "") {
        write(text + "\n")
    }

    /// Whether the stream is a terminal.
    var isTerminal: Bool {
        isatty(descriptor) == 1
    }
}
