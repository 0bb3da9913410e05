import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RewriteKit

/// Renders an ``ApplyReport`` for people: `REQUEST`, `RESPONSE` and `TRACE` sections.
///
/// Messages are shown exactly: headers in order as `Name: value`, bodies as their text,
/// line for line (binary bodies by size). The trace groups the steps by rule, each rule
/// as `"NAME" at FILE:LINE`, and shows what every action changed, before → after.
struct ApplyTextRenderer {
    /// Colour, or none.
    let style: TerminalStyle

    /// The whole report, ending in a newline.
    func render(_ report: ApplyReport) -> String {
        var lines: [String] = []
        lines.append(style.heading("REQUEST"))
        lines.append("  \(report.request.method) \(report.request.url)")
        lines += headerLines(report.request.headers)
        lines += bodyLines(report.request.body, contentType: report.request.headers["Content-Type"])
        lines.append("")
        lines += responseSection(report)
        if let messages = report.messages {
            lines.append("")
            lines += messageSection(messages)
        }
        lines.append("")
        lines += TraceTextRenderer(style: style, report: report).lines()
        if let misses = report.nearMisses {
            lines.append("")
            lines += explainSection(misses, guards: report.messageGuards ?? [])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--explain`: every rule, closest first, each condition marked held (✓) or failed (✗)
    /// with the request's value beside a failed one.
    private func explainSection(_ misses: [NearMiss], guards: [MessageGuardCount]) -> [String] {
        var lines = [style.heading("EXPLAIN") + style.dim("  every rule, closest to applying first")]
        for miss in misses {
            let total = miss.checks.count
            var summary = total == 0 ? "no conditions" : "\(miss.heldCount) of \(total) condition\(total == 1 ? "" : "s") held"
            if miss.heldCount == total { summary += ": applies" }
            lines.append("  \(style.rule("\"\(miss.rule.name)\"")) at \(miss.rule.file):\(miss.rule.line)" + style.dim("  \(summary)"))
            for check in miss.checks {
                if check.held {
                    lines.append("    " + style.added("✓") + " " + TerminalText.escaped(check.condition))
                } else {
                    let actual = check.actual.map { "   " + style.dim(TerminalText.escaped($0)) } ?? ""
                    lines.append("    " + style.removed("✗") + " " + TerminalText.escaped(check.condition) + actual)
                }
            }
            // `response each message when` guards, on the stream's messages.
            for count in guards where count.rule == miss.rule {
                let mark = count.held == 0 ? style.removed("✗") : style.added("✓")
                lines.append(
                    "    " + mark + " each message when " + TerminalText.escaped(count.condition)
                        + style.dim("   held on \(count.held) of \(count.messages) message\(count.messages == 1 ? "" : "s") (line \(count.line))"))
            }
        }
        return lines
    }

    /// One line per message of a streamed response: its number, its text before, and
    /// after (`dropped`, or `unchanged`), with how long `delay` holds it back.
    private func messageSection(_ messages: [MessageRewrite]) -> [String] {
        let changed = messages.filter { $0.changed && $0.after != nil }.count
        let dropped = messages.filter { $0.after == nil }.count
        var lines = [style.heading("MESSAGES") + style.dim("  \(messages.count), \(changed) changed, \(dropped) dropped")]
        let width = String(messages.count).count
        for (index, message) in messages.enumerated() {
            var number = String(repeating: " ", count: width - String(index + 1).count) + String(index + 1)
            if let sent = message.sent { number += sent ? " →" : " ←" }
            let held = message.delay > 0 ? style.dim("  (held \(Self.seconds(message.delay)))") : ""
            let before = TerminalText.escaped(message.before)
            guard let after = message.after else {
                lines.append("  \(number)  " + style.removed(before) + "  →  " + style.removed("dropped"))
                continue
            }
            if message.changed {
                lines.append("  \(number)  " + style.removed(before) + "  →  " + style.added(TerminalText.escaped(after)) + held)
            } else {
                lines.append("  \(number)  " + before + style.dim("  unchanged") + held)
            }
        }
        return lines
    }

    private func responseSection(_ report: ApplyReport) -> [String] {
        var lines: [String] = []
        switch report.source {
        case .stub(let rule):
            let by = rule.map { " by \(style.rule("\"\($0.name)\""))" } ?? ""
            lines.append(style.heading("RESPONSE") + style.dim("  stub") + by + style.dim(", no network"))
        case .given:
            lines.append(style.heading("RESPONSE") + style.dim("  from --response"))
        case .recorded:
            lines.append(style.heading("RESPONSE") + style.dim("  as recorded in the HAR"))
        case .failed(let error, let rule):
            lines.append(style.heading("RESPONSE") + style.dim("  none: the request fails"))
            let by = rule.map { " (fail in \(style.rule("\"\($0.name)\"")))" } ?? ""
            lines.append("  " + style.removed(URLErrorName.describe(error)) + by)
        case .none:
            lines.append(style.heading("RESPONSE") + style.dim("  none given"))
            lines.append("  the request goes to the network; pass --response STATUS to run the response phase")
        }
        if let response = report.response {
            lines.append("  \(response.status) \(HTTPURLResponse.localizedString(forStatusCode: response.status))")
            lines += headerLines(response.headers)
            lines += bodyLines(response.body, contentType: response.headers["Content-Type"])
        }
        if let shaping = shapingLine(report) {
            lines.append("  " + style.dim(shaping))
        }
        return lines
    }

    private func headerLines(_ headers: HTTPHeaders) -> [String] {
        headers.map { "  \($0.name): \($0.value)" }
    }

    /// A blank line and the body's lines, or a note when there is none.
    private func bodyLines(_ body: [UInt8]?, contentType: String?) -> [String] {
        guard let body else { return ["  " + style.dim("(no body)")] }
        return [""] + Self.bodyText(body, contentType: contentType).map { "  " + $0 }
    }

    /// The body's lines as they are; a note for an empty or non-UTF-8 body. A multipart
    /// body (by `contentType`) shows its delimiters, headers and text parts, and a note
    /// for each part that is not text.
    static func bodyText(_ body: [UInt8], contentType: String? = nil) -> [String] {
        guard !body.isEmpty else { return ["(empty body)"] }
        guard utf8Text(body) != nil else {
            if let readable = MultipartPreview.text(of: body, contentType: contentType) { return bodyText(Array(readable.utf8)) }
            return ["(\(body.count) bytes of binary data)"]
        }
        // Lines split among the bytes (a line feed is never inside another scalar), each
        // without its carriage return.
        var lines: [String] = []
        body.withUnsafeBufferPointer { buffer in
            var start = 0
            for index in 0...buffer.count where index == buffer.count || buffer[index] == 0x0A {
                let end = index > start && buffer[index - 1] == 0x0D ? index - 1 : index
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
                start = index + 1
            }
        }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The body as text, when it is valid UTF-8.
    static func utf8Text(_ bytes: [UInt8]) -> String? {
        String(strictUTF8: bytes)
    }

    private func shapingLine(_ report: ApplyReport) -> String? {
        var parts: [String] = []
        if let delay = report.delay { parts.append("delayed \(Self.seconds(delay))") }
        if let rate = report.throttleBytesPerSecond { parts.append("throttled to \(Self.rate(rate))") }
        if let lifetime = report.cacheLifetime { parts.append("cacheable for \(Self.seconds(lifetime))") }
        if let network = report.network { parts.append("on network \(network)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `64 KB/s`, `1 MB/s`, `1500 bytes/s`.
    static func rate(_ bytesPerSecond: Int) -> String {
        if bytesPerSecond > 0, bytesPerSecond % (1024 * 1024) == 0 { return "\(bytesPerSecond / (1024 * 1024)) MB/s" }
        if bytesPerSecond > 0, bytesPerSecond % 1024 == 0 { return "\(bytesPerSecond / 1024) KB/s" }
        return "\(bytesPerSecond) bytes/s"
    }

    /// `2 s`, `0.8 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}
