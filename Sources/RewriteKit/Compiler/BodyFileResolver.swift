import Foundation

/// Reads `body file "PATH"` for the compiler: the one place that decides which paths a rule
/// file may read.
///
/// The path must be relative (not `/…`, `~…`, `\…` or a drive letter such as `C:`), and the
/// file must lie inside the rule file's folder, also after `..` and symbolic links are
/// resolved; it must exist and be a regular file.
struct BodyFileResolver: Sendable {
    /// Why a body file cannot be used.
    struct Problem: Error {
        /// The diagnostic to report at the path.
        let message: DiagnosticMessage
    }

    /// The rule file's folder; `nil` when the rules have none (standard input, a string in code).
    let baseDirectory: URL?

    /// The file's bytes, or why it cannot be read.
    func read(_ path: String) -> Result<[UInt8], Problem> {
        if Self.isAbsolute(path) { return .failure(Problem(message: DiagnosticMessages.bodyFileAbsolute(path))) }
        guard let baseDirectory else { return .failure(Problem(message: DiagnosticMessages.bodyFileUnresolvable(path))) }
        guard !path.isEmpty else { return .failure(Problem(message: DiagnosticMessages.bodyFileMissing(path))) }
        let root = baseDirectory.standardizedFileURL
        let target = root.appendingPathComponent(path).standardizedFileURL
        let realRoot = root.resolvingSymlinksInPath()
        let realTarget = target.resolvingSymlinksInPath()
        guard Self.isInside(target.path, root.path), Self.isInside(realTarget.path, realRoot.path) else {
            return .failure(Problem(message: DiagnosticMessages.bodyFileEscapes(path)))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: realTarget.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(Problem(message: DiagnosticMessages.bodyFileMissing(path)))
        }
        do {
            return .success([UInt8](try Data(contentsOf: realTarget)))
        } catch {
            return .failure(Problem(message: DiagnosticMessages.bodyFileUnreadable(path, error.localizedDescription)))
        }
    }

    /// Whether a path is absolute on any platform a rule file may be written on.
    static func isAbsolute(_ path: String) -> Bool {
        if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") { return true }
        let scalars = Array(path.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
