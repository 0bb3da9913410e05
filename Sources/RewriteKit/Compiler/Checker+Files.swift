import Foundation

/// Checks on `body file "PATH"`.
extension Checker {
    /// The file must exist, be relative, and stay inside the rule file's folder, also after
    /// following symbolic links.
    mutating func checkBodyFile(_ path: String, _ range: SourceRange) {
        if path.hasPrefix("/") || path.hasPrefix("~") || path.hasPrefix("\\") || (path.count >= 2 && path.dropFirst().first == ":") {
            error(DiagnosticMessages.bodyFileAbsolute(path), range)
            return
        }
        guard let base = source.baseDirectory else {
            error(DiagnosticMessages.bodyFileUnresolvable(path), range)
            return
        }
        let root = base.standardizedFileURL
        let target = root.appendingPathComponent(path).standardizedFileURL
        guard Checker.isInside(target.path, root.path) else {
            error(DiagnosticMessages.bodyFileEscapes(path), range)
            return
        }
        let realRoot = root.resolvingSymlinksInPath()
        let realTarget = target.resolvingSymlinksInPath()
        guard Checker.isInside(realTarget.path, realRoot.path) else {
            error(DiagnosticMessages.bodyFileEscapes(path), range)
            return
        }
        var isDirectory: ObjCBool = false
        if path.isEmpty || !FileManager.default.fileExists(atPath: realTarget.path, isDirectory: &isDirectory)
            || isDirectory.boolValue
        {
            error(DiagnosticMessages.bodyFileMissing(path), range)
        }
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix)
    }
}
