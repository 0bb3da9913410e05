import Foundation
import Testing

@testable import RewriteKit

/// Test input with position markers (`1️⃣` ... `9️⃣`) stripped out and turned into locations.
struct FrontEndFixture {
    /// The text without markers.
    let text: String
    /// Where each marker was, by its digit.
    let markers: [Int: RewriteKit.SourceLocation]

    static let markerDigits: [Character: Int] = [
        "1️⃣": 1, "2️⃣": 2, "3️⃣": 3, "4️⃣": 4, "5️⃣": 5, "6️⃣": 6, "7️⃣": 7, "8️⃣": 8, "9️⃣": 9,
    ]

    init(_ marked: String) {
        var text = ""
        var markers: [Int: RewriteKit.SourceLocation] = [:]
        var line = 1
        var column = 1
        var offset = 0
        for character in marked {
            if let digit = FrontEndFixture.markerDigits[character] {
                markers[digit] = RewriteKit.SourceLocation(line: line, column: column, offset: offset)
                continue
            }
            text.append(character)
            offset += character.utf8.count
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.markers = markers
    }

    /// `L:C` of a marker.
    func at(_ digit: Int) -> String {
        markers[digit].map { "\($0.line):\($0.column)" } ?? "no marker \(digit)"
    }

    /// Replaces a leading marker in `expected` by its `L:C`.
    func resolve(_ expected: String) -> String {
        guard let first = expected.first, let digit = FrontEndFixture.markerDigits[first] else { return expected }
        return at(digit) + expected.dropFirst()
    }
}

/// Compiles marked text; returns the fixture and `L:C: severity: message` lines.
func frontEndDiagnostics(
    _ marked: String, name: String = "test.rules", baseDirectory: URL? = nil
) -> (fixture: FrontEndFixture, lines: [String], compilation: Compilation) {
    let fixture = FrontEndFixture(marked)
    let compilation = Compiler.compile(SourceFile(name: name, text: fixture.text, baseDirectory: baseDirectory))
    let lines = compilation.diagnostics.map { "\($0.range.start): \($0.severity.rawValue): \($0.message)" }
    return (fixture, lines, compilation)
}

/// Expects exactly these diagnostics (`"1️⃣ error: message"` with marker positions).
func expectFrontEndDiagnostics(
    _ marked: String, _ expected: [String], baseDirectory: URL? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let (fixture, lines, _) = frontEndDiagnostics(marked, baseDirectory: baseDirectory)
    let wanted = expected.map { expectation -> String in
        var text = fixture.resolve(expectation)
        if let space = text.firstIndex(of: " "), text[text.index(before: space)] != ":" {
            text.insert(":", at: space)
        }
        return text
    }
    #expect(lines == wanted, sourceLocation: sourceLocation)
}

/// Renders marked text's diagnostics with the formatter.
func renderedFrontEndDiagnostics(_ marked: String, name: String = "test.rules") -> (FrontEndFixture, String) {
    let fixture = FrontEndFixture(marked)
    let source = SourceFile(name: name, text: fixture.text)
    return (fixture, DiagnosticFormatter(source: source).format(Compiler.compile(source).diagnostics))
}
