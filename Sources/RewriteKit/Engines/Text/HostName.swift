import Foundation

/// The one normal form hosts are compared in, by the compiler, the evaluator, globs and
/// the rule index alike: ASCII lower case, with every non-ASCII label in its IDNA form
/// (`bücher.example` → `xn--bcher-kva.example`).
///
/// Non-ASCII labels are lower-cased, put in Unicode NFC and Punycode-encoded, as UTS #46
/// processing does for ordinary host names (its other mappings, such as full-width
/// letters to ASCII, are not applied). Percent-encoded hosts are decoded first; the
/// ideographic full stops `。．｡` separate labels like `.`. IPv6 literals are lower-cased.
enum HostName {
    /// A host's normal form, or `nil` when it has none (a label Punycode cannot encode).
    static func normalized(_ host: String) -> String? {
        if let ascii = asciiLowercased(host) { return ascii }
        var text = host
        // Foundation's decoding: nil for a malformed escape or bytes that are not UTF-8.
        if text.utf8.contains(UInt8(ascii: "%")), let decoded = text.removingPercentEncoding { text = decoded }
        if let ascii = asciiLowercased(text) { return ascii }
        return normalizedLabels(text, allowingWildcards: false)
    }

    /// A host pattern or fragment in normal form, label by label: ASCII lower-cased, and
    /// each non-ASCII label IDNA-encoded. With `allowingWildcards`, a label holding a glob
    /// wildcard (`*`, `?`, `[`) must be ASCII (it has no IDNA form); `nil` when one is not.
    static func normalizedLabels(_ text: String, allowingWildcards: Bool) -> String? {
        if let ascii = asciiLowercased(text) { return ascii }
        var labels: [String] = []
        var current = String.UnicodeScalarView()
        func finishLabel() -> Bool {
            defer { current = String.UnicodeScalarView() }
            let label = String(current)
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(asciiLowercased(label) ?? label)
                return true
            }
            if allowingWildcards, label.unicodeScalars.contains(where: { "*?[".unicodeScalars.contains($0) }) { return false }
            let mapped = label.lowercased().precomposedStringWithCanonicalMapping
            guard let encoded = Punycode.encode(mapped) else { return false }
            labels.append("xn--" + encoded)
            return true
        }
        for scalar in text.unicodeScalars {
            if scalar == "." || scalar == "\u{3002}" || scalar == "\u{FF0E}" || scalar == "\u{FF61}" {
                guard finishLabel() else { return nil }
            } else {
                current.append(scalar)
            }
        }
        guard finishLabel() else { return nil }
        return labels.joined(separator: ".")
    }

    /// The text with ASCII letters lower-cased, when it is all ASCII without `%`; else `nil`.
    /// Returns the same string, without copying, when there is nothing to lower.
    private static func asciiLowercased(_ text: String) -> String? {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return nil }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        return hasUpper ? ASCIICase.lowercased(text) : text
    }
}
