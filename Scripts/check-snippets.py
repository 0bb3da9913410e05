#!/usr/bin/env python3
"""Builds every Swift snippet of the README and the DocC articles in an outside package, and
runs the README's first lines there, as a new user would on Linux.

The package is made from the README itself:
- its Package.swift is the README's Install block, with the placeholder URL replaced by this
  checkout (`.package(path: …/RewriteKit)`, so the dependency keeps its name);
- `Sources/App/app.rules` is the README's `app.rules`, and `Sources/App/main.swift` does what
  the README says the first lines do: it asks `makeSession()` for the hello URL and checks the
  answer;
- every other Swift snippet is a file of the App target (code) or of the AppTests target (a
  snippet that uses the test libraries). A snippet with `import` lines is a whole file and is
  checked with exactly its imports; a fragment gets those of the file it would be pasted into
  (Foundation, FoundationNetworking on Linux, RewriteKit, and the test libraries in a test). A
  snippet of statements is wrapped in a function of its own, its imports above it. The names the documents take as given (`rewriter`,
  `APIClient`, `fixtures`, …) are declared in a Context.swift; a snippet's own declarations
  shadow them.

Skipped, and listed with the reason: manifest fragments other than the Install block, and
snippets that need Apple-only or third-party modules (SwiftUI, Alamofire, XCUITest).
Test snippets are compiled, not run (their clients are stand-ins).

usage: check-snippets.py [--keep DIR]   exit 0 when everything builds and the first run works.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTS = ["README.md"] + sorted(glob.glob(os.path.join("Sources", "*", "*.docc", "*.md"), root_dir=ROOT))

# Apple-only or third-party code, by a word it uses.
SKIPPED = [
    (re.compile(r"\bWindowGroup\b|@main\b"), "SwiftUI app (Apple only)"),
    (re.compile(r"\.af\.default|\bSession\(configuration"), "Alamofire (a third-party package)"),
    (re.compile(r"\bapp\.launchEnvironment\b"), "XCUITest (Apple only)"),
]
TEST_WORDS = re.compile(r"@Test\b|\bRewriteTest(Session|Support|ing)\b|\bTestHTTPServer\b|\bTestRuleFile\b|expectRulesFired")
MANIFEST = re.compile(r"^\s*(//\s*Package\.swift|\.target\(|\.testTarget\(|\.executableTarget\(|dependencies:|targets:)")
DECLARATION = re.compile(r"^((@\w+|public|final|private|fileprivate|internal)\s+)*(func|enum|struct|class|actor|extension|protocol)\b")

IMPORTS = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
"""

APP_CONTEXT = IMPORTS + """import RewriteKit

// The names the documents take as given. A snippet's own declarations shadow them.
let rewriter = Rewriter(pipeline: .empty)
let configuration = URLSessionConfiguration.ephemeral
let fixtures = URL(fileURLWithPath: NSTemporaryDirectory())
let harURL = fixtures.appendingPathComponent("snippet.har")
let reportURL = fixtures.appendingPathComponent("snippet.html")
let url = fixtures.appendingPathComponent("snippet-report.html")
let rules: RuleSet = {
    do { return try RuleSet(rules: "") } catch { fatalError("\\(error)") }
}()
let newRules = rules
let capture = rewriter.startCapture()
let archive = capture.archive
"""

TEST_CONTEXT = IMPORTS + """import RewriteKit
import RewriteTesting

// The names the documents take as given. A snippet's own declarations shadow them.
let fixtures = URL(fileURLWithPath: NSTemporaryDirectory())
let fixturesFolder = fixtures
let feedURL = fixtures.appendingPathComponent("feed")
struct User: Sendable { let id: Int; let name: String }
struct APIClient {
    let session: URLSession
    func users() async throws -> [User] { [] }
}
struct FeedClient {
    let session: URLSession
    func itemsRetryingOnce() async throws -> [String] { [] }
}
"""

MAIN = IMPORTS + """
// What the README says the first lines do.
guard let hello = URL(string: "https://example.invalid/hello") else { fatalError("not a URL") }
let (data, _) = try await makeSession().data(from: hello)
let text = String(decoding: data, as: UTF8.self)
print("first lines: \\(text)")
guard text == "hello from app.rules" else {
    print("error: expected 'hello from app.rules'")
    exit(1)
}
"""


def snippets():
    """(document, line, language, text) of every fenced block."""
    for document in DOCUMENTS:
        lines = open(os.path.join(ROOT, document), encoding="utf-8").read().split("\n")
        index = 0
        while index < len(lines):
            fence = re.match(r"^```(\w*)\s*$", lines[index])
            if fence:
                end = index + 1
                while end < len(lines) and lines[end].strip() != "```":
                    end += 1
                yield document, index + 1, fence.group(1), "\n".join(lines[index + 1:end])
                index = end
            index += 1


def wrapped(name, text):
    """A snippet of statements as a function of its own, its imports above it."""
    imports = [line for line in text.split("\n") if line.startswith("import ")]
    body = [line for line in text.split("\n") if not line.startswith("import ")]
    # Attributes on a declaration in the snippet (`@Test`) stay where they are; a snippet
    # of statements goes in an async throwing function.
    return "\n".join(imports) + "\n\nfunc " + name + "() async throws {\n" + "\n".join("    " + line for line in body) + "\n}\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", help="make the package in this folder and keep it")
    arguments = parser.parse_args()

    work = arguments.keep or tempfile.mkdtemp(prefix="readme-app-")
    package = os.path.join(work, "ReadmeApp")
    shutil.rmtree(package, ignore_errors=True)
    os.makedirs(os.path.join(package, "Sources", "App"))
    os.makedirs(os.path.join(package, "Tests", "AppTests"))
    link = os.path.join(work, "RewriteKit")
    if not os.path.islink(link):
        os.symlink(ROOT, link)

    manifest, rules_text, skipped, files = None, None, [], 0
    for document, line, language, text in snippets():
        place = f"{document}:{line}"
        if language == "" and text.startswith('rule "hello"') and document == "README.md":
            rules_text = text
            continue
        if language != "swift":
            continue
        if MANIFEST.match(text):
            if text.lstrip().startswith("// Package.swift") and document == "README.md":
                manifest = text
            else:
                skipped.append((place, "a manifest fragment"))
            continue
        reason = next((why for pattern, why in SKIPPED if pattern.search(text)), None)
        if reason:
            skipped.append((place, reason))
            continue
        name = "snippet_" + re.sub(r"\W", "_", os.path.basename(document).rsplit(".", 1)[0]) + f"_{line}"
        target = "AppTests" if TEST_WORDS.search(text) else "App"
        code_lines = [l for l in text.split("\n")
                      if l.strip() and not l.startswith("import ") and not l.lstrip().startswith(("//", "#if", "#else", "#elseif", "#endif"))]
        is_declarations = "@Test" in text or (bool(code_lines) and bool(DECLARATION.match(code_lines[0].lstrip())))
        if target == "AppTests" and is_declarations and "@Test" in text:
            # Test functions in a suite of their own: several documents name theirs alike.
            imports = [l for l in text.split("\n") if l.startswith("import ")]
            body = [l for l in text.split("\n") if not l.startswith("import ")]
            source = "\n".join(imports) + f"\n\n@Suite struct {name.capitalize()} {{\n" + "\n".join("    " + l for l in body) + "\n}\n"
        elif is_declarations:
            source = text + "\n"
        else:
            source = wrapped(name, text)
        # A snippet with imports of its own is a whole file, checked as written; a fragment
        # gets the imports of the file it is pasted into.
        header = f"// {place}, as written there.\n"
        if not any(l.startswith("import ") for l in text.split("\n")):
            header += IMPORTS + "import RewriteKit\n" + ("import RewriteTesting\nimport Testing\n" if target == "AppTests" else "")
        with open(os.path.join(package, "Sources" if target == "App" else "Tests", target, name + ".swift"), "w", encoding="utf-8") as file:
            file.write(header + source)
        files += 1

    if manifest is None or rules_text is None:
        sys.exit("check-snippets: the README has no Install block or no app.rules")
    body = re.sub(r"\.package\(url: \"[^\"]+\", branch: \"main\"\)", f'.package(path: "{link}")', manifest)
    if body == manifest:
        sys.exit("check-snippets: the Install block's dependency line is not `.package(url: …, branch: \"main\")`")
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as file:
        file.write('// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: "ReadmeApp",\n'
                   + "\n".join("    " + line for line in body.split("\n")) + "\n)\n")
    with open(os.path.join(package, "Sources", "App", "app.rules"), "w", encoding="utf-8") as file:
        file.write(rules_text + "\n")
    for folder, context in (("Sources/App", APP_CONTEXT), ("Tests/AppTests", TEST_CONTEXT)):
        with open(os.path.join(package, folder, "Context.swift"), "w", encoding="utf-8") as file:
            file.write(context)
    with open(os.path.join(package, "Sources", "App", "main.swift"), "w", encoding="utf-8") as file:
        file.write(MAIN)

    for place, reason in skipped:
        print(f"check-snippets: skipped {place}: {reason}")
    print(f"check-snippets: {files} snippets in {package}")
    build = subprocess.run(["swift", "build", "--build-tests", "--package-path", package], capture_output=True, text=True)
    if build.returncode != 0:
        print(build.stdout[-20000:] + build.stderr[-5000:])
        sys.exit("check-snippets: the snippets do not build (above)")
    run = subprocess.run(["swift", "run", "--skip-build", "--package-path", package, "App"], capture_output=True, text=True)
    print(run.stdout, end="")
    if run.returncode != 0:
        print(run.stderr[-5000:])
        sys.exit("check-snippets: the README's first lines did not answer as it says")
    print(f"check-snippets: {files} snippets build; the first lines answer as the README says; {len(skipped)} skipped")
    if not arguments.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
