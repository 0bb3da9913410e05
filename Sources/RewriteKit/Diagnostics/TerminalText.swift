/// Text from rule files as a terminal shows it: control characters escaped, and the number
/// of columns each character takes, so carets line up under wide characters.
package enum TerminalText {
    /// Whether a character is shown escaped as `<U+XXXX>`: C0 and C1 controls other than
    /// tab, DEL, and the bidirectional overrides and isolates that reorder a line.
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// How a character is written: itself, or `<U+001B>` when escaped.
    package static func shown(_ scalar: Unicode.Scalar) -> String {
        guard isEscaped(scalar) else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// `text` with its control characters escaped.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        return text.unicodeScalars.map(shown).joined()
    }

    /// The columns a character takes on a terminal: 0 for combining marks, joiners and
    /// variation selectors, 2 for East Asian wide and fullwidth characters and emoji, the
    /// length of its escape when escaped, 1 otherwise (a tab is handled by the caller).
    package static func columns(_ scalar: Unicode.Scalar) -> Int {
        if isEscaped(scalar) { return shown(scalar).count }
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x2FFFD, 0x30000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
