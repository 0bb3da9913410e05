"""Apple availability of the toolchain's own modules, from their symbol graphs.

The Linux toolchain's Swift modules keep the `@available(macOS …, iOS …)` attributes of the
Apple builds (the standard library, _Concurrency, _StringProcessing, swift-foundation, Swift
Testing, …). `swift-symbolgraph-extract` writes them out per symbol; this keeps, per USR (the
same identifier the index store records), its name, its parent and its availability, combined
with its parents' (a member is never more available than its type). The table is cached per
toolchain in a JSON file.
"""
import concurrent.futures
import glob
import json
import os
import subprocess
import tempfile

PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS")
UNAVAILABLE = "unavailable"
# C libraries and compiler support: no Apple availability worth reading (Glibc alone is large).
_SKIPPED = {"Glibc", "SwiftGlibc", "Musl", "Cxx", "CxxStdlib", "_Builtin_float", "SwiftOnoneSupport",
            "_Volatile", "_TestDiscovery", "_TestingInterop", "Runtime"}
_CACHE_FORMAT = 1


def _version(value):
    return (int(value.get("major", 0)), int(value.get("minor", 0)))


def _own(entries):
    """{platform: (major, minor) or UNAVAILABLE} from a symbol's `availability` list."""
    result = {}
    for entry in entries or []:
        platform = entry.get("domain")
        if platform not in PLATFORMS:
            continue
        if entry.get("isUnconditionallyUnavailable") or "obsoleted" in entry:
            result[platform] = UNAVAILABLE
        elif "introduced" in entry and result.get(platform) != UNAVAILABLE:
            result[platform] = max(result.get(platform, (0, 0)), _version(entry["introduced"]))
    return result


def later(first, second):
    """The availability of a declaration inside another: on each platform the later of both."""
    result = dict(first)
    for platform, version in second.items():
        known = result.get(platform)
        if known is None:
            result[platform] = version
        elif UNAVAILABLE in (known, version):
            result[platform] = UNAVAILABLE
        else:
            result[platform] = max(known, version)
    return result


class Table:
    """`symbols[usr] = (name, parent usr, {platform: version})` for the toolchain's modules."""

    def __init__(self, symbols):
        self.symbols = symbols
        self.by_parent = {}
        for usr, (name, parent, _) in symbols.items():
            self.by_parent.setdefault(parent, []).append((name, usr))

    def named(self, name):
        """Every declaration called `name`, as (name, usr)."""
        if not hasattr(self, "_by_name"):
            self._by_name = {}
            for usr, (own_name, _, _) in self.symbols.items():
                self._by_name.setdefault(own_name, []).append((own_name, usr))
        return self._by_name.get(name, [])

    def availability(self, usr):
        entry = self.symbols.get(usr)
        return entry[2] if entry else None

    def siblings(self, usr):
        """The other declarations of the same parent, as (name, usr)."""
        entry = self.symbols.get(usr)
        if not entry or not entry[1]:
            return []
        return [pair for pair in self.by_parent.get(entry[1], []) if pair[1] != usr]

    def qualified_name(self, usr, fallback):
        entry = self.symbols.get(usr)
        if not entry:
            return fallback
        names, parent, seen = [entry[0]], entry[1], 0
        while parent and parent in self.symbols and seen < 8:
            names.insert(0, self.symbols[parent][0])
            parent, seen = self.symbols[parent][1], seen + 1
        return ".".join(names)


def _extract(extractor, triple, module, folder):
    os.makedirs(folder, exist_ok=True)
    subprocess.run([extractor, "-module-name", module, "-target", triple, "-output-dir", folder,
                    "-minimum-access-level", "public", "-skip-synthesized-members"],
                   capture_output=True, text=True)
    return glob.glob(os.path.join(folder, "*.symbols.json"))


def load(swift_bin, cache_folder):
    """The table of the toolchain of `swift_bin`, from the cache or made anew (about 10 s)."""
    bin_folder = os.path.dirname(os.path.realpath(swift_bin))
    info = json.loads(subprocess.run([os.path.join(bin_folder, "swiftc"), "-print-target-info"],
                                     check=True, capture_output=True, text=True).stdout)
    tag = info.get("swiftCompilerTag") or info.get("compilerVersion", "unknown")
    cache = os.path.join(cache_folder, f"apple-table-{_CACHE_FORMAT}-{tag}.json".replace(" ", "_").replace("/", "_"))
    if os.path.exists(cache):
        with open(cache, encoding="utf-8") as file:
            raw = json.load(file)
        return Table({usr: (name, parent, {p: (v if v == UNAVAILABLE else tuple(v)) for p, v in available.items()})
                      for usr, (name, parent, available) in raw.items()})

    triple = info["target"]["triple"]
    modules = sorted({os.path.basename(path)[: -len(".swiftmodule")]
                      for folder in info["paths"]["runtimeLibraryImportPaths"]
                      for path in glob.glob(os.path.join(folder, "*.swiftmodule"))} - _SKIPPED)
    extractor = os.path.join(bin_folder, "swift-symbolgraph-extract")
    names, parents, own = {}, {}, {}
    with tempfile.TemporaryDirectory(prefix="apple-table-") as work:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            jobs = [pool.submit(_extract, extractor, triple, module, os.path.join(work, module)) for module in modules]
            files = sorted(path for job in jobs for path in job.result())
        for path in files:
            with open(path, encoding="utf-8") as file:
                graph = json.load(file)
            for symbol in graph.get("symbols", []):
                usr = symbol["identifier"]["precise"]
                components = symbol.get("pathComponents") or [symbol.get("names", {}).get("title", usr)]
                names[usr] = components[-1]
                available = _own(symbol.get("availability"))
                if available:
                    own[usr] = later(own.get(usr, {}), available)
            for relation in graph.get("relationships", []):
                if relation.get("kind") == "memberOf":
                    parents.setdefault(relation["source"], relation["target"])

    combined = {}

    def effective(usr, depth=0):
        if usr not in combined:
            parent = parents.get(usr)
            inherited = effective(parent, depth + 1) if parent and depth < 16 else {}
            combined[usr] = later(inherited, own.get(usr, {}))
        return combined[usr]

    symbols = {usr: (name, parents.get(usr, ""), effective(usr)) for usr, name in names.items()}
    os.makedirs(cache_folder, exist_ok=True)
    with open(cache + ".tmp", "w", encoding="utf-8") as file:
        json.dump(symbols, file, separators=(",", ":"))
    os.replace(cache + ".tmp", cache)
    return Table(symbols)
