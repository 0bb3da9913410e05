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

    /// The arguments with each folder replaced by the `*.rules` files below it, in sorted
    /// order; files and `-` stay as they are.
    ///
    /// - Throws: a usage error for a folder that holds no rule file.
    static func expandingFolders(_ paths: [String], command: String) throws -> [String] {
        var expanded: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                expanded.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".rules") }
                .sorted()
                .map { base + "/" + $0 }
            guard !found.isEmpty else {
                throw UsageError("no '.rules' files in the folder '\(path)'", command: command)
            }
            expanded += found
        }
        return expanded
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
