import Foundation
import StatelintServer

/// A small project the fuzzed messages can name: file:///tmp/statelint-fuzz-server/{Card,Screen}.swift.
let project: String = {
    let root = "/tmp/statelint-fuzz-server"
    try? FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    let card = "import SwiftUI\nstruct Card: View {\n    @State private var count: Int\n    init(count: Int) { _count = State(initialValue: count) }\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"\\(count)\")\n    }\n}\n"
    let screen = "import SwiftUI\nstruct Screen: View {\n    var total: Int\n    var body: some View { Card(count: total) }\n}\n"
    try? card.write(toFile: root + "/Card.swift", atomically: true, encoding: .utf8)
    try? screen.write(toFile: root + "/Screen.swift", atomically: true, encoding: .utf8)
    return root
}()
let sink = open("/dev/null", O_WRONLY)

func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
}

/// libFuzzer entry point: the bytes are what a client sends after `initialize` and `initialized` (which
/// the harness sends, with the project above as the workspace folder, so that paths the input names stay
/// small); a new server for each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let server = LanguageServer(version: "fuzz", input: -1, output: sink, jobs: 1)
    server.process(frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file://\#(project)","capabilities":{"general":{"positionEncodings":["utf-16"]}}}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
    server.process(UnsafeBufferPointer(start: data, count: size))
    return 0
}
