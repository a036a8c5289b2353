Content-Length: 444

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift", "languageId": "swift", "version": 1, "text": "import SwiftUI\n\nstruct Card: View {\n    @State private var count: Int\n\n    init(count: Int) {\n        _count = State(initialValue: count)\n    }\n\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"\\(count)\")\n    }\n}\n"}}}Content-Length: 287

{"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {"changes": [{"uri": "file:///tmp/statelint-fuzz-server/Screen.swift", "type": 2}, {"uri": "file:///tmp/statelint-fuzz-server/New.swift", "type": 1}, {"uri": "file:///tmp/statelint-fuzz-server/Gone", "type": 3}]}}Content-Length: 144

{"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {"statelint": {"disable": ["print_changes_leftover"]}}}}Content-Length: 215

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/statelint-fuzz-server/Card.swift", "version": 2}, "contentChanges": [{"text": "struct A {}\r\nstruct B {}\r"}]}}