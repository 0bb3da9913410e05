import Foundation

/// `rewrite check` as a whole process on generated 10,000-rule files — the mixed rules of
/// the match rows, and rules that each end with `stop` (the shadowing analysis's worst
/// case) — against the same process checking a 10-rule file: the ratio is the cost of the
/// rules, not of starting.
struct CheckBenchmark {
    var quick: Bool

    /// A file to check: its row name and text.
    private struct Case {
        let name: String
        let text: String
    }

    /// 10,000 rules that each stop, with terms that share nothing (the analysis must still
    /// look at every earlier stopping rule that could cover each rule).
    static func stoppingRules(count: Int) -> String {
        (0..<count).map { index in
            "rule \"s\(index)\" {\n    when host == \"h\(index).example.com\" and path ~ \"/v\(index % 7)/*\"\n    stop\n}\n"
        }.joined()
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        let cases = [
            Case(name: "rewrite check, 10,000-rule file (process)", text: GeneratedRule.file(count: 10_000)),
            Case(name: "rewrite check, 10,000 rules that each stop (process)", text: Self.stoppingRules(count: 10_000)),
        ]
        let goal = "≤ 0.3 s"
        let binary: URL
        switch RewriteBinary.locate() {
        case .success(let url): binary = url
        case .failure(let problem): return (cases.map { .unavailable($0.name, reason: problem.description, goal: goal) }, [])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.rules")
        let files = cases.indices.map { folder.appendingPathComponent("large-\($0).rules") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (file, testCase) in zip(files, cases) { try Data(testCase.text.utf8).write(to: file) }
            try Data(GeneratedRule.file(count: 10).utf8).write(to: small)
        } catch {
            return (cases.map { .unavailable($0.name, reason: "cannot write the rule files: \(error)", goal: goal) }, [])
        }

        var largeRuns = Array(repeating: Samples(), count: cases.count)
        var smallRuns = Samples()
        var notes: [String] = []
        let runs = quick ? 5 : 11
        // One untimed run of each first (page cache, dynamic loader), then interleaved.
        for round in -1..<runs {
            for (position, file) in ([small] + files).enumerated() {
                guard let output = ChildProcess.run(binary.path, ["check", file.path]) else {
                    return (cases.map { .unavailable($0.name, reason: "cannot start \(binary.path)", goal: goal) }, [])
                }
                if output.status != 0 {
                    let firstLine = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
                    notes.append("rewrite check exited \(output.status) on \(file.lastPathComponent): \(firstLine)")
                    return (cases.map { .unavailable($0.name, reason: "a generated file does not check clean", goal: goal) }, notes)
                }
                guard round >= 0 else { continue }
                if position == 0 { smallRuns.append(output.elapsed) } else { largeRuns[position - 1].append(output.elapsed) }
            }
        }
        notes.append("rewrite check: \(runs) runs each, binary \(binary.path); the 10,000-rule files are \(files.map { Format.memory(Double((try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)) }.joined(separator: " and "))")
        let baseline = smallRuns.median
        let rows = zip(cases, largeRuns).map { testCase, samples in
            ResultRow(
                name: testCase.name,
                measured: "\(Format.duration(samples.median)) (max \(Format.duration(samples.maximum)))",
                baseline: "\(Format.duration(baseline)) 10-rule file",
                ratio: Format.ratio(samples.median / baseline), goal: goal,
                verdict: samples.median <= 0.3e9 ? .met : .missed)
        }
        return (rows, notes)
    }
}

/// Finds the release-built `rewrite` next to this executable, building it if it is missing.
enum RewriteBinary {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func locate() -> Result<URL, Problem> {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("rewrite")
        // `swift run rewrite-bench` builds only this product, so a `rewrite` beside it may be
        // missing or older than the sources: build it into the same scratch folder (the
        // ancestor of this executable that sits in the package root) every time, which costs
        // a second when it is up to date. Outside a package, a binary beside it is used.
        var scratch = folder
        while scratch.path != "/" {
            let parent = scratch.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: parent.appendingPathComponent("Package.swift").path) { break }
            scratch = parent
        }
        guard scratch.path != "/" else {
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
            return .failure(Problem(description: "no rewrite binary next to rewrite-bench; run swift build -c release --product rewrite"))
        }
        let root = scratch.deletingLastPathComponent()
        RewriteBench.progress("  building the rewrite binary (swift build -c release --product rewrite)…")
        let output = ChildProcess.run(
            "/usr/bin/env", ["swift", "build", "-c", "release", "--product", "rewrite", "--scratch-path", scratch.path],
            currentDirectory: root)
        guard let output, output.status == 0, FileManager.default.isExecutableFile(atPath: candidate.path) else {
            return .failure(Problem(description: "could not build rewrite; run swift build -c release --product rewrite"))
        }
        return .success(candidate)
    }
}
