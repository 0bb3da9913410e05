#!/usr/bin/env python3
"""Proves the availability check can fail: builds Fixture (a package with planted mistakes,
each line marked `// E` for an error or `// W` for a warning, and guarded or Linux-only uses
marked `// fine`), runs the check on it and compares the lines it reports with the marks.
Exit 0 when they agree exactly and the check exits 1."""
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
fixture = os.path.join(here, "Fixture")
check = os.path.join(os.path.dirname(here), "check.py")

build = subprocess.run(["swift", "build", "--package-path", fixture], capture_output=True, text=True)
if build.returncode != 0:
    sys.exit(f"selftest: the fixture did not build:\n{build.stdout}{build.stderr}")
run = subprocess.run([sys.executable, check, fixture, "--all-warnings"], capture_output=True, text=True)
print(run.stdout, end="")

expected, reported = set(), set()
for root, _, files in os.walk(os.path.join(fixture, "Sources")):
    for name in files:
        path = os.path.join(root, name)
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            mark = re.search(r"// (E|W)$", line.rstrip())
            if mark:
                expected.add((os.path.relpath(path, fixture), number, "error" if mark.group(1) == "E" else "warning"))
for line in run.stdout.splitlines():
    found = re.match(r"(.+?):(\d+):\d+: (error|warning): ", line)
    if found:
        reported.add((found.group(1), int(found.group(2)), found.group(3)))

problems = [f"not reported: {p}:{n}: {s}" for p, n, s in sorted(expected - reported)]
problems += [f"reported, not marked: {p}:{n}: {s}" for p, n, s in sorted(reported - expected)]
if run.returncode != 1:
    problems.append(f"the check exited {run.returncode}, not 1")
if problems:
    sys.exit("selftest: FAILED\n" + "\n".join(problems))
print(f"selftest: the check reported exactly the {len(expected)} planted lines "
      f"({sum(1 for e in expected if e[2] == 'error')} errors) and exited 1")
