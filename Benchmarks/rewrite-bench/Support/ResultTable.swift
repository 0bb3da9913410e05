/// Renders the rows as one aligned plain-text table (Markdown-compatible).
struct ResultTable {
    var rows: [ResultRow] = []

    mutating func append(_ row: ResultRow) {
        rows.append(row)
    }

    mutating func append(contentsOf more: [ResultRow]) {
        rows.append(contentsOf: more)
    }

    /// The table as Markdown: a header line, a rule, one line per row.
    func rendered() -> String {
        let header = ["row", "measured", "baseline (same run)", "ratio", "goal", "met?"]
        let cells = rows.map { [$0.name, $0.measured, $0.baseline, $0.ratio, $0.goal, $0.verdict.rawValue] }
        var widths = header.map(\.count)
        for line in cells {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ line: [String]) -> String {
            "| " + line.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: " | ") + " |"
        }
        var text = render(header) + "\n"
        text += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for line in cells { text += render(line) + "\n" }
        return text
    }
}
