import Foundation

/// `rewrite check` on a generated 10,000-rule file as a whole process, against the same
/// process checking a 10-rule file: the ratio is the cost of the rules, not of starting.
struct CheckBenchmark {
    var quick: Bool

    func run() -> (rows: [ResultRow], notes: [String]) {
        let name = "rewrite check, 10,000-rule file (process)"
        let goal = "≤ 0.3 s"
        let binary: URL
        switch RewriteBinary.locate() {
        case .success(let url): binary = url
        case .failure(let problem): return ([.unavailable(name, reason: problem.description, goal: goal)], [])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("large.rules")
        let small = folder.appendingPathComponent("small.rules")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(GeneratedRule.file(count: 10_000).utf8).write(to: large)
            try Data(GeneratedRule.file(count: 10).utf8).write(to: small)
        } catch {
            return ([.unavailable(name, reason: "cannot write the rule files: \(error)", goal: goal)], [])
        }

        var largeRuns = Samples()
        var smallRuns = Samples()
        var notes: [String] = []
        let runs = quick ? 5 : 11
        // One untimed run of each first (page cache, dynamic loader), then interleaved.
        for round in -1..<runs {
            for (file, isLarge) in [(large, true), (small, false)] {
                guard let output = ChildProcess.run(binary.path, ["check", file.path]) else {
                    return ([.unavailable(name, reason: "cannot start \(binary.path)", goal: goal)], [])
                }
                if output.status != 0 {
                    let firstLine = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
                    notes.append("rewrite check exited \(output.status) on the \(isLarge ? "10,000" : "10")-rule file: \(firstLine)")
                    return ([.unavailable(name, reason: "the generated file does not check clean", goal: goal)], notes)
                }
                guard round >= 0 else { continue }
                if isLarge { largeRuns.append(output.elapsed) } else { smallRuns.append(output.elapsed) }
            }
        }
        let measured = largeRuns.median
        let baseline = smallRuns.median
        notes.append("rewrite check: \(runs) runs each, binary \(binary.path); 10,000-rule file is \(Format.megabytes(Double((try? large.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)))")
        let row = ResultRow(
            name: name,
            measured: "\(Format.duration(measured)) (max \(Format.duration(largeRuns.maximum)))",
            baseline: "\(Format.duration(baseline)) 10-rule file",
            ratio: Format.ratio(measured / baseline), goal: goal,
            verdict: measured <= 0.3e9 ? .met : .missed)
        return ([row], notes)
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
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }

        // Not built yet (`swift run rewrite-bench` builds only this product): build it into
        // the same scratch folder — the ancestor of this executable that sits in the package root.
        var scratch = folder
        while scratch.path != "/" {
            let parent = scratch.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: parent.appendingPathComponent("Package.swift").path) { break }
            scratch = parent
        }
        guard scratch.path != "/" else {
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
