#if os(macOS) || os(Linux)  // starts processes, which iOS, tvOS and watchOS cannot
import Foundation
import RewriteTestSupport

/// Debian's `chromium`, run headless on a page to read the document its script left
/// (`--dump-dom`) and what its console said. Tests that need it are skipped, with a note,
/// where it is not installed; CI installs it (`apt-get install chromium`).
enum HeadlessBrowser {
    /// The browser, when installed: `$REWRITEKIT_CHROMIUM`, or chromium on the usual paths.
    static let executable: URL? = {
        let candidates = [ProcessInfo.processInfo.environment["REWRITEKIT_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }()

    /// Chromium is not installed.
    struct Missing: Error {}

    /// What a page came to.
    struct Page {
        /// The document after its script ran.
        let dom: String
        /// The console's messages (`"Uncaught …"`, `"Refused to load …"`).
        let console: [String]

        /// The value of an attribute of `<body>`.
        func bodyAttribute(_ name: String) -> String? {
            guard let body = dom.range(of: "<body[^>]*>", options: .regularExpression) else { return nil }
            let tag = dom[body]
            guard let found = tag.range(of: "\(name)=\"[^\"]*\"", options: .regularExpression) else { return nil }
            return String(tag[found].dropFirst(name.count + 2).dropLast())
        }

        /// The `data-exchange` of each table row, and whether it is hidden by the filters.
        var rows: [(index: Int, hidden: Bool)] {
            TextMatches.captures(of: #"<tr data-exchange="(\d+)"([^>]*)>"#, in: dom).compactMap { groups in
                Int(groups[0]).map { ($0, groups[1].contains(" hidden")) }
            }
        }
    }

    /// Loads `file` (with `fragment`, which the report reads its filters from) in a fresh
    /// profile and returns the document and the console.
    static func load(_ file: URL, fragment: String = "") throws -> Page {
        guard let executable else { throw Missing() }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let run = try SpawnedProcess.run(
            executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0", "--dump-dom", file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment),
            ],
            directory: nil, environment: nil, input: Data())
        let console = String(decoding: run.error, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: String(decoding: run.output, as: UTF8.self), console: console)
    }

    /// Writes a screenshot of `file` to `png`.
    static func screenshot(_ file: URL, fragment: String, to png: URL, width: Int = 1400, height: Int = 820) throws {
        guard let executable else { throw Missing() }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        _ = try SpawnedProcess.run(
            executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
                "--window-size=\(width),\(height)", "--screenshot=\(png.path)", file.absoluteString + "#" + fragment,
            ],
            directory: nil, environment: nil, input: Data())
    }
}
#endif
