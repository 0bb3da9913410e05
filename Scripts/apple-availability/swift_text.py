"""What the availability check needs to know of a Swift file without a Swift parser.

- `blank(text)`: the text with comments and the insides of string and regex literals turned
  into spaces (line breaks kept), so that brackets and words can be counted; and where each
  regex literal (`#/…/#`) starts.
- `Conditions`: which lines each platform compiles, from `#if` / `#elseif` / `#else`.
- `guard_scopes(blanked)`: the places `#available`, `#unavailable` and `@available` raise the
  minimum, each as (start offset, end offset, {platform: version}).
- `declared_names(blanked, lines)`: names declared on the given lines (twins of a Linux-only
  declaration in an Apple-only `#else`).

It is a careful tokenizer, not a parser: bare `/…/` regex literals are not recognised, and an
`@available` declaration ends at its first body's closing brace or, without a body, at the
end of its line.
"""
import re

APPLE = ("iOS", "macOS", "tvOS", "watchOS")
ALL = APPLE + ("Linux",)
OFF = (10**6, 0)  # "never on this platform": `@available(iOS, unavailable)`


# ---------------------------------------------------------------------------------------- literals

def blank(text):
    """(blanked text, [offset of each `#/` regex literal])."""
    out = list(text)
    regexes = []
    i, n = 0, len(text)

    def wipe(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def string_end(i):
        """`i` is at the first `#` or quote of a string literal; the offset after it."""
        hashes = 0
        while text.startswith("#", i + hashes):
            hashes += 1
        j = i + hashes
        multiline = text.startswith('"""', j)
        quote = '"""' if multiline else '"'
        j += len(quote)
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while j < n:
            if text.startswith(closing, j):
                return j + len(closing)
            if text.startswith(escape, j):
                k = j + len(escape)
                if k < n and text[k] == "(":  # interpolation: code, which may hold strings
                    depth, k = 1, k + 1
                    while k < n and depth:
                        c = text[k]
                        if c == '"' or (c == "#" and re.match(r'#+"', text[k:k + 8])):
                            k = string_end(k)
                            continue
                        depth += {"(": 1, ")": -1}.get(c, 0)
                        k += 1
                    j = k
                    continue
                j = k + 1
                continue
            if text[j] == "\n" and not multiline:
                return j
            j += 1
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            wipe(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 8])):
            end = string_end(i)
            wipe(i + 1, end - 1)
            i = end
        elif c == "#" and re.match(r"#+/", text[i:i + 8]):
            hashes = len(re.match(r"#+", text[i:]).group())
            end = text.find("/" + "#" * hashes, i + hashes + 1)
            end = n if end < 0 else end + 1 + hashes
            regexes.append(i)
            wipe(i + 1, end - 1)
            i = end
        else:
            i += 1
    return "".join(out), regexes


# ---------------------------------------------------------------------------------- #if regions

_APPLE_MODULES = {"Darwin", "Foundation", "Dispatch", "XCTest", "Testing", "ObjectiveC", "Combine",
                  "Network", "Security", "os", "CFNetwork", "SwiftUI", "Observation", "RegexBuilder"}
_LINUX_ONLY_MODULES = {"FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Bionic", "WASILibc",
                       "FoundationEssentials", "FoundationInternationalization"}
_OS = {"iOS": "iOS", "macOS": "macOS", "OSX": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "Linux": "Linux"}


def _evaluate(condition, platform):
    """True, False or None (cannot be known: `DEBUG`, `arch(…)`, `compiler(…)`) on `platform`."""
    tokens = re.findall(r"\w+\s*\([^()]*\)|&&|\|\||!|\(|\)|\w+", condition)
    position = [0]

    def peek():
        return tokens[position[0]] if position[0] < len(tokens) else None

    def take():
        position[0] += 1
        return tokens[position[0] - 1]

    def atom():
        token = take()
        if token == "!":
            value = atom()
            return None if value is None else not value
        if token == "(":
            value = either()
            if peek() == ")":
                take()
            return value
        call = re.match(r"(\w+)\s*\(\s*([^()]*?)\s*\)", token)
        if not call:
            return {"true": True, "false": False}.get(token)
        function, argument = call.groups()
        if function == "os":
            return _OS.get(argument, argument) == platform
        if function == "canImport":
            module = argument.split(",")[0].strip()
            if platform == "Linux":
                if module in ("Darwin", "ObjectiveC", "UIKit", "AppKit", "Cocoa", "WatchKit", "Combine", "SwiftUI"):
                    return False
                return True if module in _LINUX_ONLY_MODULES - {"Musl", "Bionic", "WASILibc"} | {"Foundation", "Dispatch", "XCTest", "Testing"} else None
            if module in _LINUX_ONLY_MODULES:
                return False
            if module in _APPLE_MODULES:
                return True
            if module in ("UIKit",):
                return platform in ("iOS", "tvOS")
            if module in ("AppKit", "Cocoa"):
                return platform == "macOS"
            if module in ("WatchKit",):
                return platform == "watchOS"
            return None
        if function == "targetEnvironment":
            return False if platform == "Linux" else None
        return None  # arch, compiler, swift, hasFeature, hasAttribute

    def both():
        value = atom()
        while peek() == "&&":
            take()
            other = atom()
            value = False if value is False or other is False else (None if None in (value, other) else True)
        return value

    def either():
        value = both()
        while peek() == "||":
            take()
            other = both()
            value = True if value is True or other is True else (None if None in (value, other) else False)
        return value

    try:
        return either()
    except IndexError:
        return None


class Conditions:
    """Per line (1-based), whether each platform may compile it (`False` only where it cannot)."""

    def __init__(self, blanked):
        lines = blanked.split("\n")
        self.compiled = {platform: [True] * (len(lines) + 2) for platform in ALL}
        self.region_start = [0] * (len(lines) + 2)  # the `#if` line of the innermost region
        stack = []  # per #if: {platform: (taken so far, this branch's value)}, start line
        for number, line in enumerate(lines, 1):
            directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
            if directive:
                kind, rest = directive.groups()
                if kind == "if":
                    branch = {p: _evaluate(rest, p) for p in ALL}
                    stack.append(({p: branch[p] for p in ALL}, branch, number))
                elif kind in ("elseif", "else") and stack:
                    taken, _, start = stack.pop()
                    branch = {}
                    for p in ALL:
                        value = True if kind == "else" else _evaluate(rest, p)
                        if taken[p] is True:
                            branch[p] = False
                        elif taken[p] is None:
                            branch[p] = None if value is not False else False
                        else:
                            branch[p] = value
                        taken[p] = True if taken[p] is True or value is True else (None if None in (taken[p], value) else False)
                    stack.append((taken, branch, start))
                elif kind == "endif" and stack:
                    stack.pop()
                for p in ALL:
                    self.compiled[p][number] = all(frame[1][p] is not False for frame in stack)
                continue
            for p in ALL:
                self.compiled[p][number] = all(frame[1][p] is not False for frame in stack)
            self.region_start[number] = stack[-1][2] if stack else 0

    def apple_platforms(self, line):
        """The Apple platforms that may compile `line`."""
        return [p for p in APPLE if self.compiled[p][line]]

    def linux_only(self, line):
        return self.compiled["Linux"][line] and not self.apple_platforms(line)

    def apple_only(self, line):
        return not self.compiled["Linux"][line] and bool(self.apple_platforms(line))


# ---------------------------------------------------------------------------------------- guards

def _versions(arguments):
    """{platform: version} from the inside of `#available(…)` / `@available(…)`."""
    result = {}
    parts = [part.strip() for part in arguments.split(",")]
    for index, part in enumerate(parts):
        match = re.match(r"(iOS|macOS|OSX|tvOS|watchOS|macCatalyst|visionOS)(ApplicationExtension)?\b\s*(.*)", part)
        if not match:
            continue
        platform = _OS.get(match.group(1))
        if platform is None:
            continue
        rest = match.group(3)
        version = re.match(r"(\d+)(?:\.(\d+))?", rest)
        if version:
            result[platform] = (int(version.group(1)), int(version.group(2) or 0))
        elif not rest:  # `@available(iOS, unavailable)` / `@available(macOS, introduced: 13)`
            for option in parts[index + 1:]:
                if option == "unavailable":
                    result[platform] = OFF
                introduced = re.match(r"introduced\s*:\s*(\d+)(?:\.(\d+))?", option)
                if introduced:
                    result[platform] = (int(introduced.group(1)), int(introduced.group(2) or 0))
    return result


def _matching_brace(blanked, at):
    """The offset of the `}` that closes the `{` at `at` (or the end)."""
    return _enclosing_end(blanked, at + 1)


def _enclosing_end(blanked, at):
    """The offset of the `}` that closes the block `at` is in (or the end of the file)."""
    depth = 0
    for k in range(at, len(blanked)):
        c = blanked[k]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return k
            depth -= 1
    return len(blanked)


def _skip_condition(blanked, at):
    """From `at` (just after `#available(…)`), the offset of the `{` or `else` that ends the
    `if`/`guard` condition, and which of the two it is."""
    depth = 0
    for k in range(at, len(blanked)):
        c = blanked[k]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif depth == 0 and c == "{":
            return k, "{"
        elif depth == 0 and blanked.startswith("else", k) and not re.match(r"\w", blanked[k - 1]) and not re.match(r"\w", blanked[k + 4:k + 5]):
            return k, "else"
    return len(blanked), None


_CONTINUATION = re.compile(r"\s*(->|where\b|throws\b|rethrows\b|async\b|\{)")


def _declaration_end(blanked, at):
    """From `at`, just after an `@available(…)` attribute: where its declaration ends."""
    depth = 0
    k = at
    seen_text = False
    while k < len(blanked):
        c = blanked[k]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth == 0:
            return _matching_brace(blanked, k)
        elif c == "\n" and depth == 0 and seen_text:
            line_end = blanked.find("\n", k + 1)
            following = blanked[k + 1: line_end if line_end >= 0 else len(blanked)]
            if not _CONTINUATION.match(following) and not re.match(r"\s*@", blanked[at:k].split("\n")[-1]):
                return k
        if not c.isspace():
            seen_text = True
        k += 1
    return len(blanked)


def guard_scopes(blanked):
    """[(start, end, {platform: version})]: where a guard raises the minimum."""
    scopes = []
    for match in re.finditer(r"#(available|unavailable)\s*\(([^()]*)\)", blanked):
        versions = _versions(match.group(2))
        at, kind = _skip_condition(blanked, match.end())
        if kind is None:
            continue
        before = blanked[max(0, match.start() - 200):match.start()]
        keyword = re.search(r"\b(if|guard|while)\b[^{};]*$", before)
        if match.group(1) == "available":
            if kind == "{" and (keyword is None or keyword.group(1) != "guard"):
                scopes.append((at, _matching_brace(blanked, at), versions))
            elif kind == "else":
                brace = blanked.find("{", at)
                if brace >= 0:
                    after = _matching_brace(blanked, brace)
                    scopes.append((after, _enclosing_end(blanked, after + 1), versions))
        elif kind == "{":  # `if #unavailable(…) { … } else { guarded }`
            close = _matching_brace(blanked, at)
            following = re.match(r"\s*else\s*\{", blanked[close + 1:])
            if following:
                brace = close + 1 + following.end() - 1
                scopes.append((brace, _matching_brace(blanked, brace), versions))
    for match in re.finditer(r"@available\s*\(([^()]*)\)", blanked):
        versions = _versions(match.group(1))
        if versions:
            scopes.append((match.start(), _declaration_end(blanked, match.end()), versions))
    return scopes


def attribute_scopes(blanked):
    """The `@available` scopes alone: what a declaration inside one demands of its callers."""
    return [scope for scope in guard_scopes(blanked) if blanked.startswith("@", scope[0])]


def raised(scopes, offset):
    """{platform: version}: the highest minimum the scopes around `offset` guarantee."""
    result = {}
    for start, end, versions in scopes:
        if start <= offset <= end:
            for platform, version in versions.items():
                result[platform] = max(result.get(platform, (0, 0)), version)
    return result


_DECLARATION = re.compile(
    r"\b(?:func|var|let|case|class|struct|enum|protocol|actor|typealias|associatedtype)\s+([A-Za-z_]\w*)|\b(init|subscript)\b")


def declared_names(blanked, line_offsets, wanted_lines):
    """Names declared on the lines in `wanted_lines`."""
    names = set()
    for number in wanted_lines:
        start = line_offsets[number - 1]
        end = line_offsets[number] if number < len(line_offsets) else len(blanked)
        for match in _DECLARATION.finditer(blanked[start:end]):
            names.add(match.group(1) or match.group(2))
    return names


def weak_lets(blanked):
    """Offsets of `weak let` (SE-0481, Swift 6.2)."""
    return [match.start() for match in re.finditer(r"\bweak\s+let\b", blanked)]
