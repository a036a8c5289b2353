// Starts `statelint server` for Swift files; findings, quick fixes and fix-all come from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("statelint");
  const command = settings.get("path") || "statelint";
  client = new LanguageClient(
    "statelint",
    "statelint",
    { command, args: ["server"] },
    {
      documentSelector: [{ scheme: "file", language: "swift" }],
      initializationOptions: { enable: settings.get("enable"), disable: settings.get("disable") },
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/{*.swift,.lintrc}") },
    }
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
