import Foundation

/// Reads the rule language reference (`RuleLanguage.md` in the DocC catalog), so tests take
/// their examples from the page users read instead of keeping copies that drift.
enum RuleLanguageDocument {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let url = root.appendingPathComponent("Sources/RewriteKit/RewriteKit.docc/RuleLanguage.md")

    /// A fenced code block: its lines, the line of the page it starts on, and the `##`
    /// section it is in.
    struct Block {
        let lines: [String]
        let line: Int
        let section: String
        var text: String { lines.map { $0 + "\n" }.joined() }
    }

    /// The page's text.
    static func text() throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// Every fenced code block, in order.
    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        var current: [String]?
        var start = 0
        var section = ""
        for (number, line) in try text().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(Block(lines: lines, line: start, section: section))
                    current = nil
                } else {
                    current = []
                    start = number + 2
                }
            } else if current != nil {
                current?.append(String(line))
            } else if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
            }
        }
        return blocks
    }

    /// Every input shown with the `$ rewrite check` block after it, and every other block
    /// that holds rules (with no output: it must be clean).
    static func examples() throws -> [(input: Block, output: Block?)] {
        let all = try blocks()
        var result: [(Block, Block?)] = []
        for (index, block) in all.enumerated() where !(block.lines.first?.hasPrefix("$") ?? false) {
            let next = index + 1 < all.count ? all[index + 1] : nil
            if let next, next.lines.first?.hasPrefix("$ rewrite check") == true {
                result.append((block, next))
            } else if block.lines.contains(where: { $0.hasPrefix("rule \"") }) {
                result.append((block, nil))
            }
        }
        return result
    }

    /// The specification's examples: the page's first example, then the blocks of its
    /// "Examples from the specification" section. Empty when the page cannot be read (a
    /// test then fails on it).
    static let specificationExamples: [String] = {
        guard let all = try? blocks(), let first = all.first else { return [] }
        return [first.text] + all.filter { $0.section == "Examples from the specification" }.map(\.text)
    }()
}
