import Foundation
import Testing

/// The folders of `Sources/RewriteKit` are layers, and the data flows one way:
/// Diagnostics (and Support) at the bottom, the engines above them, then
/// Syntax → Compiler → Runtime → Traffic → Interception. A file may name the types of its own layer
/// and of the layers it is allowed to use, nothing else. The package is one module, so
/// the compiler cannot enforce this; this test does, by reading the sources.
@Suite("Layering")
struct LayeringTests {
    /// What each layer may use besides itself.
    static let allowed: [String: Set<String>] = [
        "Support": [],
        "Diagnostics": ["Support"],
        "Engines": ["Diagnostics", "Support"],
        "Syntax": ["Diagnostics", "Support"],
        "Compiler": ["Syntax", "Engines", "Diagnostics", "Support"],
        // The runtime sees compiled rules only, never the syntax tree.
        "Runtime": ["Compiler", "Engines", "Diagnostics", "Support"],
        // Captured traffic, recordings and HAR: written and read from the runtime's messages.
        "Traffic": ["Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        "Interception": ["Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RewriteKit")

    /// Every Swift file under a layer's folder, with its text.
    static func files(in layer: String) throws -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(layer)
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
            (layer + "/" + relative, try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8))
        }
    }

    /// The top-level types a file declares.
    static func declaredTypes(in text: String) -> [String] {
        let pattern = #/^(?:(?:public|package|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#
        return text.split(separator: "\n").compactMap { line in
            (try? pattern.prefixMatch(in: line)).map { String($0.output.1) }
        }
    }

    /// Names a file declares for itself: nested types and generic parameters, which may
    /// share a name with another layer's top-level type (`GlobPattern.Token`, `Locked<Value>`).
    static func localNames(in text: String) -> Set<String> {
        var names = Set<String>()
        for match in text.matches(of: #/(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#) {
            names.insert(String(match.output.1))
        }
        for match in text.matches(of: #/<([A-Z]\w*)(?:\s*[:,>])/#) { names.insert(String(match.output.1)) }
        return names
    }

    /// The capitalised identifiers a file's code uses, comments and string literals left out.
    static func usedNames(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var code = String(line)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            code = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
            for match in code.matches(of: #/\b[A-Z][A-Za-z0-9_]*\b/#) { names.insert(String(match.output)) }
        }
        return names
    }

    @Test func everyLayerFolderIsKnown() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { !$0.hasSuffix(".docc") && !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.allowed.keys))
    }

    @Test func noLayerNamesATypeOfALayerItMayNotUse() throws {
        var owner: [String: String] = [:]
        for layer in Self.allowed.keys {
            for file in try Self.files(in: layer) {
                for name in Self.declaredTypes(in: file.text) { owner[name] = layer }
            }
        }
        #expect(owner.count > 100, "the scan found too few types to be working: \(owner.count)")
        var violations: [String] = []
        for (layer, mayUse) in Self.allowed {
            for file in try Self.files(in: layer) {
                let local = Self.localNames(in: file.text)
                for name in Self.usedNames(in: file.text).subtracting(local).sorted() {
                    guard let home = owner[name], home != layer, !mayUse.contains(home) else { continue }
                    violations.append("\(file.path) uses \(name) from \(home)")
                }
            }
        }
        #expect(violations == [])
    }
}
