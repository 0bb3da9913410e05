import Foundation
import RewriteKit

/// Turns the rule-file arguments of `check` and `apply` into source files: paths are
/// read from disk (their folder becomes the base for `body file`), `-` from standard
/// input as `<stdin>` with no base folder.
enum RuleSourceLoader {
    /// The display name of standard input in diagnostics.
    static let standardInputName = "<stdin>"

    /// Checks the arguments before anything is read: at least one file, `-` at most once.
    static func validate(_ paths: [String], command: String, placeholder: String) throws {
        guard !paths.isEmpty else {
            throw UsageError("missing expected argument '\(placeholder)'", command: command)
        }
        if paths.filter({ $0 == "-" }).count > 1 {
            throw UsageError("'-' (standard input) can be given only once", command: command)
        }
    }

    /// Reads one argument: a path, or `-` for standard input.
    static func load(_ path: String) throws -> SourceFile {
        if path == "-" {
            let bytes = try FileReader.readStandardInput()
            return SourceFile(name: standardInputName, bytes: bytes, baseDirectory: nil)
        }
        let bytes = try FileReader.read(path: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        return SourceFile(name: path, bytes: bytes, baseDirectory: folder)
    }

    /// Reads one argument like `load`, or says on standard error why it cannot
    /// (naming the file) and returns nil; the caller goes on with the next file.
    static func loadReportingFailure(_ path: String) -> SourceFile? {
        do {
            return try load(path)
        } catch let failure as FileReader.Failure {
            StandardStream.error.writeLine("error: \(failure.message)")
        } catch {
            StandardStream.error.writeLine("error: cannot read '\(path)': \(error)")
        }
        return nil
    }
}
