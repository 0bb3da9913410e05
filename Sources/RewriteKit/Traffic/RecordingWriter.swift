import Foundation

/// Writes recorded exchanges as a rule file a person can read, review and edit, plus the
/// response bodies as fixture files beside it: `FOLDER/NAME.rules` and `FOLDER/bodies/`.
///
/// Each recorded request becomes a rule that matches it (method, scheme, host, port, path, query
/// parameters, and the body: compared as JSON for JSON bodies, so key order does not
/// matter) and answers with `respond`: the status, the headers that matter and
/// `body file` for the body, byte for byte as received. Loaded in a ``Rewriter`` with the
/// server gone, the file replays every recorded exchange.
///
/// - Left out of the answer: `Date`, `Content-Length`, `Transfer-Encoding`, `Connection`,
///   `Keep-Alive` and `Content-Encoding` (the body is recorded decoded), and `Set-Cookie`
///   unless ``keepsSetCookie`` is set.
/// - Secrets: values of ``redactedHeaderNames`` in the answer read `<redacted>`, and
///   ``redactedQueryNames`` are not matched (a comment in the rule says so), unless
///   ``revealsSecrets`` is set. Request headers are never written.
/// - A request answered differently on repeated calls becomes one rule per answer, in
///   order: each but the last says `times N` (N the calls it answered), and the last keeps
///   answering. Identical answers in a row are one rule.
/// - A redirect chain is replayed hop by hop: each hop is its own rule answering with the
///   hop's 3xx and `Location`, and a stubbed redirect is followed as a server's is (the app's
///   delegate hears it and may refuse it), so the next hop goes through the rules again.
/// - Exchanges that cannot be replayed are listed in ``RecordingSummary/skipped``: failures,
///   answers that came from rules (stubs, cache), and bodies a capture did not keep whole.
///   A call whose body is missing still holds its place among the same request's answers:
///   a `times N` rule that `stop`s without answering sends it to the network, so the calls
///   after it get their own answers, in order.
///
/// ```swift
/// let writer = RecordingWriter(folder: fixtures, name: "feed", mode: .once)
/// let summary = try writer.write(capture.exchanges)
/// ```
public struct RecordingWriter: Sendable {
    /// The folder the rule file and its `bodies/` folder go in; created if missing.
    public var folder: URL
    /// The rule file's name without `.rules`.
    public var name: String
    /// What to do with an existing recording.
    public var mode: RecordingMode
    /// Header names whose values are written as `<redacted>` (case-insensitive). By default:
    /// Authorization, Proxy-Authorization, Cookie and Set-Cookie.
    public var redactedHeaderNames: Set<String> = SecretNames().headers
    /// Query parameter names whose values are never written (case-insensitive). By default the
    /// same as ``Rewriter/redactedQueryNames``.
    public var redactedQueryNames: Set<String> = SecretNames().queries
    /// Whether `Set-Cookie` response headers are replayed (their values still read
    /// `<redacted>` unless ``revealsSecrets`` is set).
    public var keepsSetCookie = false
    /// Whether secret values are written as they were. Off by default: turn it on only for
    /// recordings that never leave the machine.
    public var revealsSecrets = false

    /// Response headers never replayed: they describe one transfer, not the answer.
    static let transferHeaders: Set<String> = ["date", "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]

    /// A writer for `FOLDER/NAME.rules`.
    public init(folder: URL, name: String = "recording", mode: RecordingMode = .once) {
        self.folder = folder
        self.name = name
        self.mode = mode
    }

    /// The rule file written.
    public var rulesFile: URL { folder.appendingPathComponent(name + ".rules") }

    /// Writes `exchanges` (in the order they happened) as the mode says, and checks the
    /// result loads: the rule file is only written if it compiles without errors.
    ///
    /// - Throws: a file-system error, or ``RuleSetError`` if an existing recording that mode
    ///   ``RecordingMode/new`` must extend has errors (it is left as it was), or
    ///   `CocoaError.fileWriteInvalidFileName` for a ``name`` that is not a plain file name.
    @discardableResult
    public func write(_ exchanges: [RecordedExchange]) throws -> RecordingSummary {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: name])
        }
        let manager = FileManager.default
        var summary = RecordingSummary(rulesFile: rulesFile, rulesWritten: 0, bodiesWritten: 0, exchangesRecorded: 0, skipped: [], keptExisting: false)
        let exists = manager.fileExists(atPath: rulesFile.path)
        if exists && mode == .once {
            summary.keptExisting = true
            return summary
        }
        var existingText = ""
        var takenNames = Set<String>()
        var candidates = exchanges
        let secrets = SecretNames(headers: revealsSecrets ? [] : redactedHeaderNames, queries: revealsSecrets ? [] : redactedQueryNames)
        // Whatever redaction the exchanges had (a capture's, a HAR's, none: an app's own),
        // this writer's names apply to all of them together, values included.
        if !revealsSecrets, !candidates.allSatisfy({ $0.redaction == secrets }) {
            Redaction(names: secrets).apply(to: &candidates)
        }
        if exists {
            existingText = try String(contentsOf: rulesFile, encoding: .utf8)
            if mode == .new {
                let existing = try RuleSet(contentsOf: rulesFile)
                takenNames = Set(existing.ruleReferences.map(\.name))
                let replay = Pipeline(ruleSet: existing)
                candidates = candidates.filter { exchange in
                    guard case .respond = replay.processRequest(exchange.request).disposition else { return true }
                    summary.skipped.append("\(Self.label(exchange)): already recorded")
                    return false
                }
            } else {
                for file in Self.bodyFiles(in: existingText) { try? manager.removeItem(at: folder.appendingPathComponent(file)) }
                existingText = ""
            }
        }
        var plan = RecordingPlan(secrets: secrets, takenNames: takenNames, keepsSetCookie: keepsSetCookie)
        for exchange in candidates {
            if let reason = plan.add(exchange) { summary.skipped.append("\(Self.label(exchange)): \(reason)") }
        }
        guard !plan.isEmpty else { return summary }

        let bodies = folder.appendingPathComponent("bodies")
        try manager.createDirectory(at: bodies, withIntermediateDirectories: true)
        var number = Self.lastBodyNumber(in: bodies) + 1
        // By the bytes as Data, which hashes its length and first bytes (an array of bytes
        // hashes every byte, one call each) and compares the rest only on a hit.
        var written: [Data: String] = [:]
        let rules = try plan.rules(storingBodies: { body, stem, ext, timing in
            // A stream's timing is part of what is replayed: the same bytes with other
            // gaps are another file.
            let data = Data(body)
            let key = timing.map { data + Data([0]) + Data($0) } ?? data
            if let file = written[key] { return file }
            let base = "bodies/" + String(format: "%03d", number) + (stem.isEmpty ? "" : "-" + stem)
            number += 1
            try data.write(to: folder.appendingPathComponent(base + "." + ext), options: .atomic)
            if let timing { try Data(timing).write(to: folder.appendingPathComponent(base + ".timing"), options: .atomic) }
            written[key] = base + "." + ext
            return base + "." + ext
        })
        summary.bodiesWritten = written.count
        summary.rulesWritten = rules.count
        summary.exchangesRecorded = plan.exchangeCount
        var text = existingText
        if !text.isEmpty && !text.hasSuffix("\n\n") { text += text.hasSuffix("\n") ? "\n" : "\n\n" }
        text += "# Recorded by RewriteKit: \(plan.exchangeCount) exchange\(plan.exchangeCount == 1 ? "" : "s")"
        text += existingText.isEmpty ? ".\n" : " added (mode new).\n"
        if existingText.isEmpty {
            text += """
                # Each rule answers one recorded request with the response the server sent, its body
                # byte for byte from bodies/. Repeated calls answered differently use `times`, in order.


                """
        } else {
            text += "\n"
        }
        text += rules.map(\.text).joined()
        while text.hasSuffix("\n\n") { text.removeLast() }
        // The file must load: check it before it replaces anything.
        _ = try RuleSet(rules: text, name: rulesFile.lastPathComponent, baseDirectory: folder)
        try Data(text.utf8).write(to: rulesFile, options: .atomic)
        return summary
    }

    /// `[entry N: ]METHOD URL` of an exchange, for the summary (secret values redacted), at
    /// most 200 characters of the URL; the entry number for one read from a HAR file.
    static func label(_ exchange: RecordedExchange) -> String {
        let url = exchange.request.url.description
        let place = exchange.entry.map { "entry \($0): " } ?? ""
        return place + exchange.request.method + " " + (url.count > 200 ? url.prefix(199) + "…" : url)
    }

    /// The `bodies/…` files an existing recording names, in the form this writer gives them
    /// (`bodies/001-get-feed.json`): nothing else is ever removed, whatever the file says.
    private static func bodyFiles(in text: String) -> [String] {
        let pieces = text.components(separatedBy: #" file ""#)
        return zip(pieces, pieces.dropFirst()).flatMap { before, after -> [String] in
            let isStream = before.hasSuffix("stream")
            guard isStream || before.hasSuffix("body"), let file = writtenBodyName(at: after) else { return [] }
            // A stream's `.timing` file goes with it.
            let stem = file.prefix { $0 != "." }
            return isStream ? [file, stem + ".timing"] : [file]
        }
    }

    /// The quoted name that starts `text` when it has this writer's form,
    /// `bodies/NNN[-words].ext"` (digits, lowercase letters and hyphens; the writer's names are
    /// far shorter than the 300 bytes read), without the quote.
    private static func writtenBodyName(at text: String) -> String? {
        let bytes = Array(text.utf8.prefix(300))
        let prefix = Array("bodies/".utf8)
        guard bytes.starts(with: prefix) else { return nil }
        func isWord(_ byte: UInt8) -> Bool {
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
        }
        var at = prefix.count
        let digits = bytes[at...].prefix { (0x30...0x39).contains($0) }.count
        guard digits > 0 else { return nil }
        at += digits
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
            let words = bytes[(at + 1)...].prefix(while: isWord).count
            guard words > 0 else { return nil }
            at += 1 + words
        }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ".") else { return nil }
        let ext = bytes[(at + 1)...].prefix(while: isWord).count
        at += 1 + ext
        guard ext > 0, at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        return String(decoding: bytes[..<at], as: UTF8.self)
    }

    /// The highest `NNN-` prefix among the files in `bodies`, or 0.
    private static func lastBodyNumber(in bodies: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bodies.path)) ?? []
        return names.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
    }
}
