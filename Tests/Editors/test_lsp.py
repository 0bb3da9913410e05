"""`rewrite lsp` driven by pytest-lsp, a language client nobody on the team wrote.

Run by CI in a venv it creates (`pip install pytest-lsp`), against the `rewrite` binary
given in REWRITE_BINARY: initialize, open, change, completion, hover, definition, symbols,
formatting, quick fixes and shutdown; then a broken file, a 10 MB file and text that is
not valid UTF-8 on disk get answers, not a crash.
"""
import os
import pathlib
import sys
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

BINARY = os.environ.get("REWRITE_BINARY", "rewrite")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None))
    yield
    await lsp_client.shutdown_session()


def open_document(client, path: pathlib.Path, text: str) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="rewrite-rules", version=1, text=text)))
    return uri


GOOD = 'rule "wrap" {\n    when method == POST\n    request { wrap-json "wrapper" }\n}\n'
TYPO = 'rule "wrap" {\n    when method == POST\n    request { wrap-jsn "wrapper" }\n}\n'


@pytest.mark.asyncio
async def test_session(client: LanguageClient, tmp_path: pathlib.Path):
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "user.json").write_text('{"id": 1}\n')
    uri = open_document(client, tmp_path / "api.rules", TYPO)

    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = client.diagnostics[uri]
    assert len(found) == 1, found
    print("the typo's diagnostic:", found[0].code, found[0].message, file=sys.stderr)
    assert found[0].code == "unknown-name" and found[0].range.start.line == 2 and found[0].range.start.character == 14
    assert "wrap-json" in found[0].message

    # The fix-it as a quick fix.
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    assert actions and actions[0].edit.changes[uri][0].new_text == "wrap-json"

    # A change that fixes it clears the diagnostics.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=GOOD + 'rule "user" {\n    respond 200 { body file "fixtures/user.json" }\n}\n')]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 0

    # Completion: clause words at a rule's top, actions in a request block, errors after fail.
    async def labels(line, character):
        result = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
        items = result.items if hasattr(result, "items") else result
        return {item.label for item in items}

    assert {"when", "request", "respond", "stop"} <= await labels(1, 4)
    assert {"set-header", "wrap-json", "inject-json"} <= await labels(2, 14)
    assert {"method", "host", "path"} <= await labels(1, 9)

    # Hover on an action.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=16)))
    assert "wrap-json" in hover.contents.value

    # Definition of a body file.
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=35)))
    target = definition if isinstance(definition, types.Location) else definition[0]
    assert target.uri == (tmp_path / "fixtures" / "user.json").as_uri()

    # One symbol per rule.
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["wrap", "user"]

    # Formatting as rewrite fmt does it.
    messy = open_document(client, tmp_path / "messy.rules", 'rule   "a"{\n  stop\n}\n')
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=messy), options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert edits and edits[0].new_text == 'rule "a" {\n    stop\n}\n'


@pytest.mark.asyncio
async def test_hostile_input(client: LanguageClient, tmp_path: pathlib.Path):
    # A broken file: diagnostics, no crash.
    broken = open_document(client, tmp_path / "broken.rules", 'rule "a" {\n    when path == "/open\n')
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert any(d.code == "unterminated-string" for d in client.diagnostics[broken])

    # A 10 MB file (20,000 rules of about 500 bytes): answered.
    rule = 'rule "r{}" {{\n    when host == "api.example.com" and path == "/items/{}"\n    respond 200 {{ body "' + "x" * 400 + '" }}\n}}\n'
    big = "".join(rule.format(i, i) for i in range(20_000))
    assert len(big) > 10_000_000
    started = time.monotonic()
    uri = open_document(client, tmp_path / "big.rules", big)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 0
    print(f"10 MB file: diagnostics after {time.monotonic() - started:.2f} s", file=sys.stderr)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert len(symbols) == 20_000

    # A body file that is not UTF-8: the definition still resolves; the rule file itself is text.
    (tmp_path / "blob.bin").write_bytes(b"\xff\xfe\x00binary")
    blob = open_document(client, tmp_path / "blob.rules", 'rule "b" {\n    respond 200 { body file "blob.bin" }\n}\n')
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=blob), position=types.Position(line=1, character=31)))
    target = definition if isinstance(definition, types.Location) else definition[0]
    assert target.uri.endswith("/blob.bin")
