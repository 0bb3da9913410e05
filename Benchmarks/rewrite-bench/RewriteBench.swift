import Foundation

/// `swift run -c release rewrite-bench [--quick]`: measures RewriteKit against baselines
/// measured in the same run and prints one table (see Benchmarks/README.md).
@main
enum RewriteBench {
    static func main() {
        guard let options = BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
            print(BenchmarkOptions.usage)
            exit(64)
        }
        let started = Stopwatch.now()
        let machine = MachineInfo.current()
        var table = ResultTable()
        var notes: [String] = []

        func group(_ name: String, _ body: () -> (rows: [ResultRow], notes: [String])) {
            guard options.runs(name) else { return }
            progress("running \(name) rows…")
            let groupStart = Stopwatch.now()
            let result = body()
            table.append(contentsOf: result.rows)
            notes += result.notes
            progress("  \(name) done in \(Format.duration(Double(Stopwatch.now() - groupStart)))")
        }

        group("match") { MatchBenchmark(quick: options.quick).run() }
        group("check") { CheckBenchmark(quick: options.quick).run() }
        group("json") { JSONBenchmark(quick: options.quick).run() }
        group("hostile") { HostileInputBenchmark(quick: options.quick).run() }
        group("latency") { InterceptionBenchmark(quick: options.quick).run() }
        group("stubs") { StubBenchmark(quick: options.quick).run() }
        group("memory") { StreamingMemoryBenchmark(quick: options.quick).run() }
        group("traffic") { TrafficBenchmark(quick: options.quick).run() }
        group("har") { HARCorpusBenchmark(quick: options.quick).run() }
        group("report") { ReportBenchmark(quick: options.quick).run() }
        group("installations") { InstallationsBenchmark(quick: options.quick).run() }
        group("streams") { StreamBenchmark(quick: options.quick).run() }
        group("editors") { EditorBenchmark(quick: options.quick).run() }
        group("websockets") { SocketBenchmark(quick: options.quick).run() }
        group("network") { NetworkBenchmark(quick: options.quick).run() }
        group("multipart") { MultipartBenchmark(quick: options.quick).run() }
        // Last: the threads a burst wakes keep allocator arenas that later memory rows would count.
        group("burst") { BurstBenchmark(quick: options.quick).run() }

        let elapsed = Double(Stopwatch.now() - started)
        print("RewriteKit benchmark (\(options.quick ? "--quick" : "full run"), \(Format.duration(elapsed)) in total)")
        print(machine.rendered())
        print("ratio = measured ÷ baseline for times and memory (lower is better), measured ÷ baseline for throughput (higher is better)")
        print("")
        print(table.rendered(), terminator: "")
        if !notes.isEmpty {
            print("")
            for note in notes { print("note: \(note)") }
        }
    }

    /// Progress goes to standard error so standard output is only the table.
    static func progress(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
