import Foundation

/// `rewrite import-har` and `rewrite apply Rules --har` as whole processes on a 6.4 MB HAR
/// assembled from `../shared/har-corpus` (the entries of every file but the malformed and
/// off-spec ones, in file order, until the text reaches 6.4 MB), against the same on the
/// first half of those entries: a ratio near 2 says the cost is linear in the entries.
struct HARCorpusBenchmark {
    var quick: Bool

    /// The corpus folder: `$REWRITEKIT_SHARED/har-corpus`, or `../shared/har-corpus` from the
    /// working directory (the package root under `swift run`).
    static func corpus() -> URL? {
        let candidates = [
            ProcessInfo.processInfo.environment["REWRITEKIT_SHARED"].map { URL(fileURLWithPath: $0).appendingPathComponent("har-corpus") },
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
                .appendingPathComponent("shared/har-corpus"),
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Each entry of the corpus's importable files as JSON text, in file order.
    static func entries(in folder: URL) -> [Data] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".har") && !$0.hasPrefix("malformed--") && !$0.hasPrefix("off-spec--") }.sorted()
        var result: [Data] = []
        for name in names {
            guard var data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { continue }
            if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
            guard let root = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
                  let entries = (root["log"] as? [String: Any])?["entries"] as? [Any]
            else { continue }
            result += entries.compactMap { try? JSONSerialization.data(withJSONObject: $0) }
        }
        return result
    }

    /// A HAR of these entries.
    static func har(_ entries: ArraySlice<Data>) -> Data {
        var text = Data(#"{"log": {"version": "1.2", "creator": {"name": "rewrite-bench", "version": "1"}, "entries": ["#.utf8)
        for (position, entry) in entries.enumerated() {
            if position > 0 { text.append(UInt8(ascii: ",")) }
            text.append(entry)
        }
        text.append(contentsOf: "]}}".utf8)
        return text
    }

    func run() -> (rows: [ResultRow], notes: [String]) {
        let goal = "≤ 0.5 s"
        let names = ["import-har, 6.4 MB HAR from the corpus (process)", "apply Rules --har, same HAR (process)", "import-har + apply --har, 6.4 MB HAR"]
        guard let folder = Self.corpus() else {
            return (names.map { .unavailable($0, reason: "../shared/har-corpus is absent", goal: $0.hasPrefix("import-har +") ? goal : "") }, [])
        }
        let binary: URL
        switch RewriteBinary.locate() {
        case .success(let url): binary = url
        case .failure(let problem): return (names.map { .unavailable($0, reason: problem.description) }, [])
        }
        let all = Self.entries(in: folder)
        var count = 0
        var size = 40
        while count < all.count, size < 6_400_000 {
            size += all[count].count + 1
            count += 1
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-bench-har-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let full = work.appendingPathComponent("corpus.har"), half = work.appendingPathComponent("half.har")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Self.har(all[..<count]).write(to: full)
            try Self.har(all[..<(count / 2)]).write(to: half)
        } catch {
            return (names.map { .unavailable($0, reason: "cannot write the HAR: \(error)") }, [])
        }
        let rules = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Rules").path
        var imports = [Samples(), Samples()], applies = [Samples(), Samples()], sums = [Samples(), Samples()]
        let runs = quick ? 3 : 7
        for round in -1..<runs {
            for (position, har) in [full, half].enumerated() {
                let output = work.appendingPathComponent("out-\(round)-\(position)")
                guard let imported = ChildProcess.run(binary.path, ["import-har", har.path, "-o", output.path]),
                      let applied = ChildProcess.run(binary.path, ["apply", rules, "--har", har.path])
                else { return (names.map { .unavailable($0, reason: "cannot start \(binary.path)") }, []) }
                guard imported.status == 0, applied.status == 0 else {
                    let reason = "exit \(imported.status)/\(applied.status): \(imported.standardError.prefix(120))\(applied.standardError.prefix(120))"
                    return (names.map { .unavailable($0, reason: reason) }, [])
                }
                guard round >= 0 else { continue }
                imports[position].append(imported.elapsed)
                applies[position].append(applied.elapsed)
                sums[position].append(imported.elapsed + applied.elapsed)
            }
        }
        let megabytes = { (url: URL) in Format.memory(Double((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)) }
        let notes = [
            "HAR corpus: \(Format.count(count)) entries of \(Format.count(all.count)) in \(megabytes(full)), half: \(Format.count(count / 2)) in \(megabytes(half)); median of \(runs) runs of each process, binary \(binary.path)"
        ]
        func row(_ name: String, _ pair: [Samples], goal: String = "") -> ResultRow {
            ResultRow(
                name: name, measured: Format.duration(pair[0].median), baseline: "\(Format.duration(pair[1].median)) half the entries",
                ratio: Format.ratio(pair[0].median / pair[1].median), goal: goal,
                verdict: goal.isEmpty ? .informational : pair[0].median <= 0.5e9 ? .met : .missed)
        }
        return ([row(names[0], imports), row(names[1], applies), row(names[2], sums, goal: goal)], notes)
    }
}
