// Starts `rewrite lsp` for rule files and connects VS Code's language client to it.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rewriteRules").get("path") || "rewrite";
  client = new LanguageClient(
    "rewriteRules",
    "RewriteKit rules",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "rewrite-rules" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
