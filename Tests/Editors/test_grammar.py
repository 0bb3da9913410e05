"""The TextMate grammar (`Editors/vscode/syntaxes/rewrite-rules.tmLanguage.json`) on every
example of the language reference, through textmate-grammar-python (a TextMate engine over
Oniguruma that nobody on the team wrote): no character of an example that compiles clean
is left unscoped, marked invalid, or taken for an unknown word; nor of the repository's
rule files.

Run by CI in the venv it makes for the language server's test.
"""
import json
import logging
import pathlib
import re

import pytest
from textmate_grammar.parsers.base import LanguageParser

# The engine logs each piece of a string no inner pattern matched (a string's words): quiet.
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)

ROOT = pathlib.Path(__file__).resolve().parents[2]
GRAMMAR = json.loads((ROOT / "Editors/vscode/syntaxes/rewrite-rules.tmLanguage.json").read_text())
REFERENCE = (ROOT / "Sources/RewriteKit/RewriteKit.docc/RuleLanguage.md").read_text()


def clean_examples():
    """The reference's rule blocks not followed by a `$ rewrite check` block (those compile
    clean; the others show diagnostics), as the Swift tests read them."""
    blocks = []
    current = None
    start = 0
    for number, line in enumerate(REFERENCE.split("\n"), 1):
        if line.startswith("```"):
            if current is None:
                current, start = [], number + 1
            else:
                blocks.append((start, "\n".join(current) + "\n"))
                current = None
        elif current is not None:
            current.append(line)
    examples = []
    for index, (line, text) in enumerate(blocks):
        following = blocks[index + 1][1] if index + 1 < len(blocks) else ""
        if re.search(r'^rule "', text, re.M) and not following.startswith("$ rewrite check") and not text.startswith("$"):
            examples.append((line, text))
    return examples


EXAMPLES = clean_examples() + [
    (str(path.relative_to(ROOT)), path.read_text())
    for folder in ("Rules", "Examples") for path in sorted((ROOT / folder).rglob("*.rules")) if path.name != "typo.rules"
]
PARSER = LanguageParser(GRAMMAR)


def leaf_scopes(text):
    """(token text, its innermost scope) for every token the grammar made of `text`."""
    element = PARSER.parse_string(text)
    tokens = element.to_dict() if element else {}
    found = []

    def walk(node, scope):
        if isinstance(node, dict):
            token = node.get("token", scope)
            content = node.get("content")
            children = node.get("children", [])
            if isinstance(content, str) and not children:
                found.append((content, token))
            for child in children:
                walk(child, token)
        elif isinstance(node, list):
            for child in node:
                walk(child, scope)

    walk(tokens, GRAMMAR["scopeName"])
    return found


def test_there_are_examples():
    assert len(EXAMPLES) >= 25, len(EXAMPLES)


@pytest.mark.parametrize("line,text", EXAMPLES, ids=[str(line) for line, _ in EXAMPLES])
def test_every_token_of_an_example_is_known(line, text):
    problems = [(content, scope) for content, scope in leaf_scopes(text)
                if content.strip() and (scope.startswith("invalid") or scope.startswith("variable.other.word") or scope == GRAMMAR["scopeName"])]
    assert problems == [], f"{line}: {problems[:8]}"


def test_a_typo_is_an_unknown_word():
    scopes = dict(leaf_scopes('rule "a" {\n    request { wrap-jsn "x" }\n}\n'))
    assert scopes.get("wrap-jsn", "").startswith("variable.other.word")
    assert scopes.get("request", "").startswith("keyword")
