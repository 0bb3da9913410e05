/// Command-line options: `rewrite-bench [--quick] [--only NAME,...]`.
struct BenchmarkOptions {
    /// A short run (CI): fewer samples, smaller budgets, same rows.
    var quick = false
    /// Row groups to run (`match`, `check`, `json`, `hostile`, `latency`, `stubs`, `memory`, `traffic`, `har`, `report`, `installations`, `streams`, `editors`, `websockets`, `network`, `burst`); all when empty.
    var only: Set<String> = []

    static let groups = ["match", "check", "json", "hostile", "latency", "stubs", "memory", "traffic", "har", "report", "installations", "streams", "editors", "websockets", "network", "multipart", "burst"]

    /// Parses the arguments; nil (after printing usage) on a mistake or `--help`.
    static func parse(_ arguments: [String]) -> BenchmarkOptions? {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--only":
                guard let list = remaining.popFirst() else { return nil }
                let names = Set(list.split(separator: ",").map(String.init))
                guard names.isSubset(of: groups) else { return nil }
                options.only = names
            default:
                return nil
            }
        }
        return options
    }

    static let usage = """
        usage: rewrite-bench [--quick] [--only match,check,json,hostile,latency,stubs,memory,traffic,har,report,installations,streams,editors,websockets,network,burst]

          --quick   a short run (CI, under ~2 minutes); the full run takes several minutes
          --only    run only these row groups

        Build in release mode: swift run -c release rewrite-bench [--quick]
        """

    func runs(_ group: String) -> Bool {
        only.isEmpty || only.contains(group)
    }
}
