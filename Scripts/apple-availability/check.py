#!/usr/bin/env python3
"""Would this package compile for Apple platforms at the minimums Package.swift declares?

Checked on Linux, from the index store of the package's ordinary debug build (SwiftPM writes
`.build/debug/index/store` for every `swift build`): each reference the compiler recorded is
joined with the Apple availability the toolchain's own modules carry, and with the `#if`,
`#available` and `@available` around it in the source. Reported, compiler style:

- a toolchain API newer than a declared minimum, used outside a guard that covers it;
- a declaration of the package marked `@available`, used outside such a guard;
- a regex literal (`#/…/#` needs `Regex`: iOS 16, macOS 13, tvOS 16, watchOS 9);
- a declaration that exists only in code Apple does not compile (`#if
  canImport(FoundationNetworking)`, `os(Linux)`, …) used in code Apple compiles, unless the
  same name is declared in an Apple-only branch of that module (an `#else` twin);
- `weak let` (Swift 6.2), which the oldest compiler `swift-tools-version` admits rejects.

A reference the Linux compiler resolved to a new overload, where an older one with the same
name (or, for a call the compiler made, the same base name) is available at the minimum, is a
warning: Apple's compiler picks the older one there (`&*`, `for await`'s `next(isolation:)`).

usage: check.py [PACKAGE] [--store DIR] [--all-warnings]; exit 1 on errors, 2 when it cannot run.
This is not an Apple compiler: code only Apple compiles is never type-checked here, and
SDK-only frameworks (UIKit, Network, …) have no availability on Linux.
"""
import argparse
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import apple_table  # noqa: E402
import index_reader  # noqa: E402
import swift_text  # noqa: E402

REGEX = {"iOS": (16, 0), "macOS": (13, 0), "tvOS": (16, 0), "watchOS": (9, 0)}
_PACKAGE_PLATFORM = {"iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS"}


def declared_minimums(package_text):
    """{platform: version} of `platforms:`; an Apple platform it leaves out is not checked
    (the package does not claim it; say so in the README)."""
    minimums = {}
    for platform, major, minor in re.findall(r"\.(iOS|macOS|tvOS|watchOS)\(\s*\.v(\d+)(?:_(\d+))?\s*\)", package_text):
        minimums[_PACKAGE_PLATFORM[platform]] = (int(major), int(minor or 0))
    return minimums


def tools_version(package_text):
    match = re.match(r"//\s*swift-tools-version:\s*(\d+)\.(\d+)", package_text)
    return (int(match.group(1)), int(match.group(2))) if match else (5, 0)


def spelled(version):
    return f"{version[0]}" if version[1] == 0 else f"{version[0]}.{version[1]}"


def needs_text(needed):
    return " / ".join(f"{p} {'never' if v == swift_text.OFF or v == apple_table.UNAVAILABLE else spelled(v)}"
                      for p, v in sorted(needed.items()))


class Source:
    """A file of the package as the checks need it."""

    def __init__(self, path):
        with open(path, encoding="utf-8", errors="replace") as file:
            self.text = file.read()
        self.blanked, self.regexes = swift_text.blank(self.text)
        self.lines = self.text.split("\n")
        self.offsets = [0]
        for line in self.lines:
            self.offsets.append(self.offsets[-1] + len(line) + 1)
        self.conditions = swift_text.Conditions(self.blanked)
        self.guards = swift_text.guard_scopes(self.blanked)
        self.attributes = [scope for scope in self.guards if self.blanked.startswith("@", scope[0])]

    def offset(self, line, byte_column):
        """The character offset of an index position (1-based line, UTF-8 column)."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        column = len(text.encode("utf-8")[: byte_column - 1].decode("utf-8", "ignore"))
        return self.offsets[line - 1] + column

    def position(self, offset):
        """(line, column) of a character offset, the column in UTF-8 bytes as compilers print it."""
        line = max(0, next((i for i, start in enumerate(self.offsets) if start > offset), len(self.offsets)) - 1)
        return line + 1, len(self.text[self.offsets[line]:offset].encode("utf-8")) + 1

    def missing(self, needed, minimums, line, offset):
        """{platform: version} of `needed` that a platform compiling `line` lacks at `offset`."""
        guarded = swift_text.raised(self.guards, offset)
        lacking = {}
        for platform in self.conditions.apple_platforms(line):
            if platform not in minimums or platform not in needed:
                continue
            need = needed[platform]
            have = max(minimums[platform], guarded.get(platform, (0, 0)))
            if have == swift_text.OFF:
                continue
            if need == apple_table.UNAVAILABLE or need > have:
                lacking[platform] = need
        return lacking


def label_prefix(name, other):
    """Whether `other` has the base name of `name` and a prefix of its argument labels."""
    base, _, labels = name.partition("(")
    other_base, _, other_labels = other.partition("(")
    if base != other_base:
        return False
    mine = [label for label in labels.rstrip(")").split(":") if label]
    theirs = [label for label in other_labels.rstrip(")").split(":") if label]
    return mine[: len(theirs)] == theirs


def older_overload(table, occurrence, minimums):
    """A sibling declaration the Apple compiler can pick instead, available at the minimums.
    An operator is chosen by its operands' types wherever it is declared (`&*` is both a
    `FixedWidthInteger` requirement, macOS 15, and an older extension operator), so for one
    any declaration of the same name counts."""
    is_operator = not re.match(r"[A-Za-z_]", occurrence.name)
    candidates = table.named(occurrence.name) if is_operator else table.siblings(occurrence.usr)
    for name, usr in candidates:
        if usr == occurrence.usr:
            continue
        same = name == occurrence.name or (occurrence.is_implicit and label_prefix(occurrence.name, name))
        if not same:
            continue
        available = table.availability(usr) or {}
        if all(available.get(p) is None or (available[p] != apple_table.UNAVAILABLE and available[p] <= v)
               for p, v in minimums.items()):
            return name
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("package", nargs="?", default=".")
    parser.add_argument("--store", help="the index store (default: PACKAGE/.build/debug/index/store)")
    parser.add_argument("--all-warnings", action="store_true", help="every warning, not one a symbol")
    parser.add_argument("--cache", help="where the toolchain's table is kept (default: PACKAGE/.build/apple-availability)")
    arguments = parser.parse_args()

    package = os.path.realpath(arguments.package)
    manifest_path = os.path.join(package, "Package.swift")
    if not os.path.exists(manifest_path):
        print(f"apple-availability: no Package.swift in {package}", file=sys.stderr)
        return 2
    with open(manifest_path, encoding="utf-8") as file:
        manifest = file.read()
    minimums = declared_minimums(manifest)
    store = arguments.store or os.path.join(package, ".build", "debug", "index", "store")
    swift = os.environ.get("SWIFT") or shutil.which("swift")
    if not swift:
        print("apple-availability: no swift on PATH", file=sys.stderr)
        return 2
    if not os.path.isdir(store):
        print(f"apple-availability: no index store at {store}: run `swift build --build-tests` first", file=sys.stderr)
        return 2
    try:
        table = apple_table.load(swift, arguments.cache or os.path.join(package, ".build", "apple-availability"))
        occurrences = index_reader.read_occurrences(store, package, swift)
    except (OSError, RuntimeError) as error:
        print(f"apple-availability: {error}", file=sys.stderr)
        return 2
    build_folders = tuple(os.path.join(package, name, "") for name in os.listdir(package) if name.startswith(".build"))
    # A file deleted since an earlier build still has its records in the store: skip it.
    present = {path: os.path.exists(path) for path in {o.file for o in occurrences}}
    occurrences = [o for o in occurrences if not o.file.startswith(build_folders) and o.file.endswith(".swift") and present[o.file]]
    if not occurrences:
        print(f"apple-availability: the index store at {store} has nothing of {package}", file=sys.stderr)
        return 2

    sources = {path: Source(path) for path in sorted({o.file for o in occurrences})}
    unchecked = sorted(
        os.path.relpath(os.path.join(root, name), package)
        for root, folders, files in os.walk(package)
        for name in files
        if name.endswith(".swift") and os.path.join(root, name) not in sources
        and not os.path.join(root, "").startswith(build_folders)
        and not any(part.startswith(".") for part in os.path.relpath(root, package).split(os.sep) if part != "."))
    if unchecked:
        # The manifest, plugins and nested packages are not compiled into the index.
        print(f"apple-availability: {len(unchecked)} Swift files this build does not compile are not checked: "
              + ", ".join(unchecked[:6]) + (" …" if len(unchecked) > 6 else ""), file=sys.stderr)
    findings = {}

    def report(source, offset, severity, message):
        """One finding a place: a getter and its property, or a macro's expansion and the
        call it expands, are the same mistake."""
        line, column = source.position(offset)
        path = os.path.relpath(next(p for p, s in sources.items() if s is source), package)
        findings.setdefault((path, line, column), (severity, message))

    # What the package declares: where a Linux-only definition has no Apple twin, and what
    # an `@available` around a definition asks of every use.
    linux_only, demanded = {}, {}
    apple_names = {}
    for path, source in sources.items():
        module = next(o.module for o in occurrences if o.file == path)
        wanted = [n for n in range(1, len(source.lines) + 1) if source.conditions.apple_only(n)]
        apple_names.setdefault(module, set()).update(swift_text.declared_names(source.blanked, source.offsets, wanted))
    for o in occurrences:
        if not o.is_definition:
            continue
        source = sources[o.file]
        if source.conditions.linux_only(o.line):
            linux_only.setdefault(o.usr, (o, source.conditions.region_start[o.line]))
        else:
            linux_only[o.usr] = None  # defined where Apple compiles too
        attribute = swift_text.raised(source.attributes, source.offset(o.line, o.column))
        if attribute:
            demanded[o.usr] = attribute

    explicit = {(o.file, o.line, o.usr) for o in occurrences if not o.is_implicit}
    for o in occurrences:
        if o.is_definition or o.name.startswith(("getter:", "setter:")):
            continue
        if o.is_implicit and (o.file, o.line, o.usr) in explicit:
            continue
        source = sources[o.file]
        if not any(p in minimums for p in source.conditions.apple_platforms(o.line)):
            continue
        offset = source.offset(o.line, o.column)
        needed = table.availability(o.usr)
        if needed:
            lacking = source.missing(needed, minimums, o.line, offset)
            if lacking:
                name = table.qualified_name(o.usr, o.name)
                wanted = {p: minimums[p] for p in lacking}
                overload = older_overload(table, o, minimums)
                if overload:
                    report(source, offset, "warning",
                           f"'{name}' resolves on Linux to a declaration that needs {needs_text(lacking)}; "
                           f"'{overload}' is available at the minimum, so Apple's compiler should pick it there")
                else:
                    report(source, offset, "error",
                           f"'{name}' needs {needs_text(lacking)} (the package declares {needs_text(wanted)}); "
                           f"guard it with `if #available` or `@available`, or use an older API")
        if o.usr in demanded:
            lacking = source.missing(demanded[o.usr], minimums, o.line, offset)
            if lacking:
                report(source, offset, "error",
                       f"'{o.name}' is declared `@available` for {needs_text(lacking)}, and used outside a matching guard")
        definition = linux_only.get(o.usr)
        if definition:
            defined, region = definition
            if o.name.partition("(")[0] in apple_names.get(defined.module, set()):
                continue
            where = os.path.relpath(defined.file, package)
            report(source, offset, "error",
                   f"'{o.name}' is declared only where Apple does not compile (the #if at {where}:{region}), "
                   f"but used here, which {', '.join(p for p in source.conditions.apple_platforms(o.line) if p in minimums)} compile")

    too_old_for_weak_let = tools_version(manifest) < (6, 2)
    for path, source in sources.items():
        for offset in source.regexes:
            line, _ = source.position(offset)
            lacking = source.missing(REGEX, minimums, line, offset)
            if lacking:
                report(source, offset, "error",
                       f"a regex literal needs Regex: {needs_text(lacking)} (the package declares "
                       f"{needs_text({p: minimums[p] for p in lacking})}); guard it or scan the text another way")
        if too_old_for_weak_let:
            for offset in swift_text.weak_lets(source.blanked):
                line, _ = source.position(offset)
                if source.conditions.apple_platforms(line):
                    report(source, offset, "error",
                           "`weak let` is Swift 6.2 (SE-0481); swift-tools-version admits older compilers: use `weak var`")

    # Errors each where it is; a warning once per symbol, with its count.
    warned = {}
    for (path, line, column), (severity, message) in sorted(findings.items()):
        if severity == "error" or arguments.all_warnings:
            print(f"{path}:{line}:{column}: {severity}: {message}")
        else:
            warned.setdefault(message, []).append(f"{path}:{line}:{column}")
    for message, places in sorted(warned.items(), key=lambda item: item[1][0]):
        more = f" [{len(places)} uses; the first is shown, --all-warnings lists each]" if len(places) > 1 else ""
        print(f"{places[0]}: warning: {message}{more}")
    errors = sum(1 for severity, _ in findings.values() if severity == "error")
    print(f"apple-availability: {errors} errors, {len(findings) - errors} warnings in {len(sources)} files "
          f"(minimums {needs_text(minimums)})")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
