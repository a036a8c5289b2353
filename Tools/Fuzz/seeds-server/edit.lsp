Content-Length: 444

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift", "languageId": "swift", "version": 1, "text": "import SwiftUI\n\nstruct Card: View {\n    @State private var count: Int\n\n    init(count: Int) {\n        _count = State(initialValue: count)\n    }\n\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"\\(count)\")\n    }\n}\n"}}}Content-Length: 290

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift", "version": 2}, "contentChanges": [{"range": {"start": {"line": 10, "character": 8}, "end": {"line": 10, "character": 36}}, "text": "// \ud83d\ude00"}]}}Content-Length: 306

{"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}, "context": {"diagnostics": [], "only": ["quickfix", "source.fixAll"]}}}Content-Length: 68

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}Content-Length: 137

{"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift"}}}Content-Length: 138

{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift"}}}Content-Length: 49

{"jsonrpc": "2.0", "id": 4, "method": "shutdown"}Content-Length: 36

{"jsonrpc": "2.0", "method": "exit"}