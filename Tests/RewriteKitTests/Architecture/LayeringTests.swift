import Foundation
import Testing

/// The folders of `Sources/RewriteKit` are layers, and the data flows one way:
/// Diagnostics (and Support) at the bottom, the engines above them, then
/// Syntax → Compiler → Runtime → Traffic → Activity → Report → Capture → Interception (and
/// WebSockets beside it) → Rewriter. A file
/// may name the types of its own layer
/// and of the layers it is allowed to use, nothing else. The package is one module, so
/// the compiler cannot enforce this; this test does, by reading the sources.
///
/// The scan is written with Swift regexes (macOS 13 / iOS 16, above the package's minimums):
/// the tests that use it say so, and older systems skip them.
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
        // Activity events and their redaction: what observers and logs see of an exchange.
        "Activity": ["Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        // The HTML report of what the rules did, made from HAR, captured exchanges or events.
        "Report": ["Activity", "Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        // Traffic captures: what a running capture keeps of each exchange.
        "Capture": ["Report", "Activity", "Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        // URL loading: the URLProtocol, the installations it serves and the exchanges it runs.
        "Interception": ["Capture", "Report", "Activity", "Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        // WebSocket connections through the rules (URL loading cannot carry them): beside Interception.
        "WebSockets": ["Capture", "Report", "Activity", "Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
        // The façade an app holds: installing, rule files and live reload, captures, the launch door, sockets.
        "Rewriter": ["WebSockets", "Interception", "Capture", "Report", "Activity", "Traffic", "Runtime", "Compiler", "Engines", "Diagnostics", "Support"],
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
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func declaredTypes(in text: String) -> [String] {
        let pattern = #/^(?:(?:public|package|internal|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#
        return text.split(separator: "\n").compactMap { line in
            (try? pattern.prefixMatch(in: line)).map { String($0.output.1) }
        }
    }

    /// Names a file declares for itself: nested types and generic parameters, which may
    /// share a name with another layer's top-level type (`GlobPattern.Token`, `Locked<Value>`).
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func localNames(in text: String) -> Set<String> {
        var names = Set<String>()
        for match in text.matches(of: #/(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#) {
            names.insert(String(match.output.1))
        }
        for match in text.matches(of: #/<([A-Z]\w*)(?:\s*[:,>])/#) { names.insert(String(match.output.1)) }
        return names
    }

    /// The capitalised identifiers a file's code uses, comments and the text of string
    /// literals left out; the code inside a literal's interpolations (`"\\(Compiler.limit)"`)
    /// counts as code.
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func usedNames(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = codeOutsideLiterals(Substring(line))
            // Simple word boundaries: the default (Unicode) ones read `Compiler.limit` as one
            // word, so a qualified name was never seen.
            for match in code.matches(of: #/\b[A-Z][A-Za-z0-9_]*\b/#.wordBoundaryKind(.simple)) { names.insert(String(match.output)) }
        }
        return names
    }

    /// A line's code: comments dropped, the text of string literals dropped, the code of
    /// their interpolations kept (nested literals inside interpolations are dropped too).
    static func codeOutsideLiterals(_ line: Substring) -> String {
        var code = ""
        var characters = line.makeIterator()
        var inString = false
        var previous: Character = " "
        while let character = characters.next() {
            if inString {
                if character == "\\" {
                    guard let escaped = characters.next() else { break }
                    if escaped == "(" {
                        // An interpolation: its code, up to the matching parenthesis.
                        var depth = 1
                        var inner = ""
                        while depth > 0, let next = characters.next() {
                            if next == "(" { depth += 1 }
                            if next == ")" { depth -= 1 }
                            if depth > 0 { inner.append(next) }
                        }
                        code += " " + codeOutsideLiterals(Substring(inner)) + " "
                    }
                } else if character == "\"" {
                    inString = false
                    code.append("\"")
                }
            } else if character == "/", previous == "/" {
                code.removeLast()
                break
            } else {
                if character == "\"" { inString = true }
                code.append(character)
            }
            previous = character
        }
        return code
    }

    @available(macOS 13, iOS 16, tvOS 16, *)
    @Test("the scan sees names in interpolations, not in comments or literal text")
    func scanSeesInterpolations() {
        let names = Self.usedNames(in: #"let text = "limit \(Compiler.timesLimit) of Words" + Runtime.name // Syntax"#)
        #expect(names.contains("Compiler") && names.contains("Runtime"))
        #expect(!names.contains("Words") && !names.contains("Syntax"))
    }

    /// The members a file adds to types it does not declare (`extension String { func
    /// trimmingWhitespace() }`): a layer's own names as much as its types are.
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func extensionMembers(in text: String) -> [(type: String, member: String)] {
        var members: [(String, String)] = []
        var extended: String?
        var depth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = codeOutsideLiterals(line)
            if depth == 0, let match = try? #/^extension\s+([A-Za-z_][\w.]*)/#.prefixMatch(in: code) {
                extended = String(match.output.1)
            }
            if depth == 1, let type = extended,
               let match = try? #/^\s*(?:(?:public|package|internal|fileprivate|static|mutating|nonisolated|@inlinable|@discardableResult)\s+)*(?:func|var|let)\s+([a-z_]\w*)/#.prefixMatch(in: code) {
                members.append((type, String(match.output.1)))
            }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if depth == 0 { extended = nil }
        }
        return members
    }

    /// Every lower-case name a file declares with `func`, `var`, `let` or `case`.
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func declaredMembers(in text: String) -> Set<String> {
        Set(text.matches(of: #/\b(?:func|var|let|case)\s+([a-z_]\w*)/#).map { String($0.output.1) })
    }

    /// The names a file's code reaches through a dot (`line.trimmingWhitespace()`).
    @available(macOS 13, iOS 16, tvOS 16, *)
    static func memberUses(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for match in codeOutsideLiterals(line).matches(of: #/\.([a-z_]\w*)/#) { names.insert(String(match.output.1)) }
        }
        return names
    }

    @available(macOS 13, iOS 16, tvOS 16, *)
    @Test("the member scan sees what an extension adds to a type of another layer or of the platform")
    func scanSeesExtensionMembers() {
        let text = """
            extension String {
                /// A doc comment { with a brace.
                func trimmed() -> String {
                    let inner = 1
                    return self
                }
                static let shared = "x"
            }
            struct Own {
                func notAnExtensionMember() {}
            }
            """
        #expect(Self.extensionMembers(in: text).map(\.member) == ["trimmed", "shared"])
        #expect(Self.memberUses(in: #"let x = line.trimmed() // .commented"#) == ["trimmed"])
    }

    @available(macOS 13, iOS 16, tvOS 16, *)
    @Test("no layer uses a member another layer it may not use adds to a platform type or another layer's type")
    func noLayerUsesAnExtensionMemberOfALayerItMayNotUse() throws {
        var ownTypes: [String: Set<String>] = [:]
        var added: [String: Set<String>] = [:]
        var declared: [String: Set<String>] = [:]
        for layer in Self.allowed.keys {
            for file in try Self.files(in: layer) {
                ownTypes[layer, default: []].formUnion(Self.declaredTypes(in: file.text))
                declared[layer, default: []].formUnion(Self.declaredMembers(in: file.text))
            }
        }
        for layer in Self.allowed.keys {
            for file in try Self.files(in: layer) {
                for (type, member) in Self.extensionMembers(in: file.text) where !(ownTypes[layer] ?? []).contains(type) {
                    added[member, default: []].insert(layer)
                }
            }
        }
        #expect(added.count > 10, "the scan found too few extension members to be working: \(added.count)")
        var violations: [String] = []
        for (layer, mayUse) in Self.allowed {
            let visible = mayUse.union([layer])
            let declaredVisibly = visible.reduce(into: Set<String>()) { $0.formUnion(declared[$1] ?? []) }
            for file in try Self.files(in: layer) {
                for name in Self.memberUses(in: file.text).sorted() {
                    guard let homes = added[name], homes.isDisjoint(with: visible) else { continue }
                    // A name some visible type declares too is that type's (a common name).
                    if declaredVisibly.contains(name) { continue }
                    violations.append("\(file.path) uses .\(name) added in \(homes.sorted().joined(separator: ", "))")
                }
            }
        }
        #expect(violations == [])
    }

    @Test func everyLayerFolderIsKnown() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { !$0.hasSuffix(".docc") && !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.allowed.keys))
    }

    @available(macOS 13, iOS 16, tvOS 16, *)
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

    @available(macOS 13, iOS 16, tvOS 16, *)
    @Test("the state machine of a load names no URL loading type, no queue and has no platform branch")
    func exchangeMachineIsPlatformFree() throws {
        let files = try Self.files(in: "Interception").filter { $0.path.contains("/ExchangeMachine") }
        #expect(!files.isEmpty, "the scan found the machine")
        let forbidden: Set = [
            "FoundationNetworking", "URLSession", "URLSessionTask", "URLProtocol", "URLProtocolClient", "URLRequest",
            "URLResponse", "HTTPURLResponse", "URLAuthenticationChallenge", "DispatchQueue", "Thread",
        ]
        for file in files {
            #expect(!file.text.contains("#if"), "\(file.path) has a platform branch")
            let named = Self.usedNames(in: file.text).intersection(forbidden)
            #expect(named.isEmpty, "\(file.path) names \(named.sorted())")
        }
    }
}
