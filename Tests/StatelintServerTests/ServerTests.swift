import Foundation
import Testing
@testable import StatelintServer
import StatelintCore
import StatelintSyntax
import StatelintDiagnostics

@Suite("Language server: framing")
struct FramingTests {
    static let bodies = [#"{"a":1}"#, #"{"jsonrpc":"2.0","method":"x","params":{"t":"é😀"}}"#, "{}"]

    @Test func messagesSplitAtEveryByteAreReadWhole() {
        let stream = FramingTests.bodies.flatMap(MessageFramer.frame)
        var framer = MessageFramer()
        var read: [String] = []
        for byte in stream {
            framer.append([byte])
            while let frame = framer.next() {
                guard case .message(let body) = frame else { Issue.record("unexpected \(frame)"); continue }
                read.append(String(decoding: body, as: UTF8.self))
            }
        }
        #expect(read == FramingTests.bodies)
    }

    @Test func severalMessagesInOneRead() {
        var framer = MessageFramer()
        framer.append(FramingTests.bodies.flatMap(MessageFramer.frame))
        var read: [MessageFramer.Frame] = []
        while let frame = framer.next() { read.append(frame) }
        #expect(read == FramingTests.bodies.map { .message(Array($0.utf8)) })
    }

    @Test func malformedHeadersAreSkippedAndReadingGoesOn() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: x\r\n\r\n".utf8))           // no length
        framer.append(Array("Content-Length: -3\r\n\r\n".utf8))        // bad length
        framer.append(Array("Content-Length: 7\n\n{\"a\":1}".utf8))    // lenient line ends
        framer.append(MessageFramer.frame("{}"))
        var read: [MessageFramer.Frame] = []
        while let frame = framer.next() { read.append(frame) }
        #expect(read.count == 4, "\(read)")
        guard read.count == 4 else { return }
        if case .malformed(let reason) = read[0] { #expect(reason.contains("without Content-Length")) } else { Issue.record("\(read[0])") }
        if case .malformed(let reason) = read[1] { #expect(reason.contains("bad Content-Length")) } else { Issue.record("\(read[1])") }
        #expect(read[2] == .message(Array(#"{"a":1}"#.utf8)))
        #expect(read[3] == .message(Array("{}".utf8)))
    }

    @Test func headersWithSeveralLinesAndRecoveryAfterABadOne() {
        var framer = MessageFramer()
        // Content-Type is allowed before or after the length, on CRLF-ended lines.
        framer.append(Array("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8))
        framer.append(Array("Content-Type: application/vscode-jsonrpc\r\nContent-Length: 7\r\n\r\n{\"a\":1}".utf8))
        // No length: the body cannot be told from what follows, so reading resumes at the next length line.
        framer.append(Array("Content-Type: x\r\n\r\n{\"lost\":true}\r\n\r\n".utf8))
        framer.append(MessageFramer.frame(#"{"b":2}"#))
        var read: [MessageFramer.Frame] = []
        while let frame = framer.next() { read.append(frame) }
        #expect(read.count == 4, "\(read)")
        guard read.count == 4 else { return }
        #expect(read[0] == .message(Array("{}".utf8)))
        #expect(read[1] == .message(Array(#"{"a":1}"#.utf8)))
        if case .malformed = read[2] {} else { Issue.record("\(read[2])") }
        #expect(read[3] == .message(Array(#"{"b":2}"#.utf8)))
    }

    /// LSP messages follow each other with no line break: after a bad header, reading resumes at the next
    /// header wherever it starts, and words like a header's inside a dropped body are not taken for one.
    @Test(arguments: ["Content-Length: abc\r\n\r\n", "Content-Length: -4\r\n\r\n", "Content-Type: x\r\n\r\n"])
    func afterABadHeaderTheNextMessageIsReadWhereverItStarts(_ bad: String) {
        for split in [false, true] {
            var framer = MessageFramer()
            let stream = Array((bad + #"{"text":"Content-Length: many"}"#).utf8) + MessageFramer.frame(#"{"a":1}"#) + MessageFramer.frame(#"{"b":2}"#)
            var read: [MessageFramer.Frame] = []
            if split {
                // One byte at a time, as a slow pipe delivers it.
                for byte in stream {
                    framer.append([byte])
                    while let frame = framer.next() { read.append(frame) }
                }
            } else {
                framer.append(stream)
                while let frame = framer.next() { read.append(frame) }
            }
            #expect(read.count == 3, "\(bad.debugDescription), split \(split): \(read)")
            guard read.count == 3 else { continue }
            if case .malformed = read[0] {} else { Issue.record("\(read[0])") }
            #expect(read[1] == .message(Array(#"{"a":1}"#.utf8)))
            #expect(read[2] == .message(Array(#"{"b":2}"#.utf8)))
        }
    }

    @Test func deepNestingAndHugeNumbersAreNotFatal() {
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(JSON.parse(Array(deep.utf8)) == nil)
        #expect(JSON.depth(of: Array(#"{"a":"[[[[","b":[{}]}"#.utf8)) == 3)
        let huge = JSON.parse(Array(#"{"id":7,"x":1e400,"y":[1e999]}"#.utf8))
        #expect(huge?["id"]?.int == 7)
        #expect(huge?["x"] == .null)
        #expect(JSON.number(1.5).isValidID == false && JSON.string("a").isValidID && JSON.number(3).isValidID)
    }

    @Test func anEndlessHeaderIsDroppedNotHeld() {
        var framer = MessageFramer()
        framer.append([UInt8](repeating: 0x41, count: MessageFramer.maximumHeader + 10))
        guard case .malformed? = framer.next() else { Issue.record("expected a malformed header"); return }
        framer.append(MessageFramer.frame("{}"))
        let next = framer.next()
        #expect(next == .message(Array("{}".utf8)))
    }

    @Test func anOversizedBodyIsSkipped() {
        var framer = MessageFramer()
        let size = MessageFramer.maximumBody + 1
        framer.append(Array("Content-Length: \(size)\r\n\r\n".utf8))
        guard case .malformed? = framer.next() else { Issue.record("expected a refusal"); return }
        // The body arrives in pieces and is dropped as it comes; the next message is read.
        var left = size
        while left > 0 {
            let piece = min(left, 1 << 20)
            framer.append([UInt8](repeating: 0x20, count: piece))
            left -= piece
            let none = framer.next()
            #expect(none == nil)
        }
        framer.append(MessageFramer.frame("{}"))
        let next = framer.next()
        #expect(next == .message(Array("{}".utf8)))
    }
}

@Suite("Language server: positions and documents")
struct PositionTests {
    // "a😀é\n" then "xy": 😀 is 4 UTF-8 bytes and 2 UTF-16 units, é 2 bytes and 1 unit.
    static let text = "a😀é\nxy"

    @Test func byteOffsetsAndPositionsRoundTrip() {
        let lines = LineIndex(Array(PositionTests.text.utf8))
        #expect(lines.position(5, .utf16) == Position(line: 0, character: 3))  // after 😀
        #expect(lines.position(5, .utf8) == Position(line: 0, character: 5))
        #expect(lines.position(7, .utf16) == Position(line: 0, character: 4))  // after é
        #expect(lines.position(9, .utf16) == Position(line: 1, character: 1))
        for offset in [0, 1, 5, 7, 8, 9, 10] {
            #expect(lines.offset(lines.position(offset, .utf16), .utf16) == offset)
            #expect(lines.offset(lines.position(offset, .utf8), .utf8) == offset)
        }
        // Past the end of a line: its end; past the last line: the end of the text; inside 😀: its start.
        #expect(lines.offset(Position(line: 0, character: 99), .utf16) == 7)
        #expect(lines.offset(Position(line: 9, character: 0), .utf16) == 10)
        #expect(lines.offset(Position(line: 0, character: 2), .utf16) == 1)
        #expect(lines.offset(Position(line: 0, character: 3), .utf8) == 1)
    }

    @Test func crlfAndLoneCRAreLineBreaks() {
        let lines = LineIndex(Array("ab\r\ncd\ref\ngh".utf8))
        #expect(lines.position(4, .utf16) == Position(line: 1, character: 0))   // after "\r\n"
        #expect(lines.position(7, .utf16) == Position(line: 2, character: 0))   // after a lone "\r"
        #expect(lines.position(10, .utf16) == Position(line: 3, character: 0))
        // Past the end of a line: before its line break, never between "\r" and "\n".
        #expect(lines.offset(Position(line: 0, character: 9), .utf16) == 2)
        #expect(lines.offset(Position(line: 1, character: 9), .utf8) == 6)
        #expect(lines.lineBreak(0) == "\r\n" && lines.lineBreak(1) == "\r" && lines.lineBreak(2) == "\n")
    }

    @Test func incrementalChangesInUTF16() {
        var document = TextDocument(uri: "file:///a.swift", path: "/a.swift", version: 1, text: PositionTests.text)
        // Replace "é" (UTF-16 3..<4) with "e", then insert at the start of line 1.
        let replaced = document.apply(.object(["range": range(0, 3, 0, 4), "text": .string("e")]), encoding: .utf16)
        #expect(replaced)
        let inserted = document.apply(.object(["range": range(1, 0, 1, 0), "text": .string("// ")]), encoding: .utf16)
        #expect(inserted)
        #expect(String(decoding: document.bytes, as: UTF8.self) == "a😀e\n// xy")
        // A full replacement, and a change that is not one.
        let replacedAll = document.apply(.object(["text": .string("new")]), encoding: .utf16)
        #expect(replacedAll)
        #expect(String(decoding: document.bytes, as: UTF8.self) == "new")
        let refused = document.apply(.object(["range": range(0, 0, 0, 1)]), encoding: .utf16)
        #expect(!refused)
    }

    func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSON {
        .object(["start": .object(["line": .number(Double(l1)), "character": .number(Double(c1))]),
                 "end": .object(["line": .number(Double(l2)), "character": .number(Double(c2))])])
    }

    @Test func fileURIsRoundTrip() {
        let path = "/tmp/a folder/é#1.swift"
        let uri = FileURI.uri(path)
        #expect(uri == "file:///tmp/a%20folder/%C3%A9%231.swift")
        #expect(FileURI.path(uri) == path)
        #expect(FileURI.path("file://localhost/tmp/x.swift") == "/tmp/x.swift")
        #expect(FileURI.path("untitled:Untitled-1") == nil)
        #expect(FileURI.path("file://elsewhere/x.swift") == nil)
    }
}

@Suite("Language server: protocol")
struct ProtocolTests {
    @Test func lifecycleErrorsAndOrder() throws {
        let client = TestClient()
        client.start()
        client.request(7, "textDocument/codeAction")
        #expect(client.response(7)?["error"]?["code"]?.int == RPCError.serverNotInitialized)
        let result = client.initialize(root: nil, capabilities: #"{"general":{"positionEncodings":["utf-8","utf-16"]}}"#)
        #expect(result?["result"]?["capabilities"]?["positionEncoding"]?.string == "utf-8")
        #expect(result?["result"]?["serverInfo"]?["name"]?.string == "statelint")
        client.request(2, "initialize", "{}")
        #expect(client.response(2)?["error"]?["code"]?.int == RPCError.invalidRequest)
        // Unknown methods, malformed frames and bodies that are not JSON are answered or logged, and survived.
        client.request(3, "textDocument/hover")
        client.writeRaw(Array("Content-Type: nothing\r\n\r\n".utf8))
        client.send("{not json")
        client.send(#"[1,2]"#)
        client.notify("$/unknownNotification")
        client.send(#"{"jsonrpc":"2.0","id":"x","result":null}"#)            // a response: never answered
        client.send(#"{"jsonrpc":"2.0","id":1.5,"method":"statelint/stats"}"#)  // not an id
        client.send(String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000))
        client.send(#"{"jsonrpc":"2.0","id":5,"method":"statelint/stats","params":{"x":1e400}}"#)
        client.request(4, "statelint/stats")
        #expect(client.response(3)?["error"]?["code"]?.int == RPCError.methodNotFound)
        #expect(client.wait { $0["error"]?["code"]?.int == RPCError.parseError && $0["id"] == .null } != nil)
        #expect(client.wait { $0["error"]?["code"]?.int == RPCError.invalidRequest && $0["id"] == .null } != nil)
        #expect(client.wait { $0["method"]?.string == "window/logMessage" && ($0["params"]?["message"]?.string ?? "").contains("without Content-Length") } != nil)
        #expect(client.wait { $0["error"]?["message"]?.string == "a request id is an integer or a string" && $0["id"] == .null } != nil)
        #expect(client.response(5)?["result"]?.array != nil, "a number JSON cannot hold does not cost the request its answer")
        #expect(client.response(4)?["result"]?.array != nil)
        #expect(client.received.allSatisfy { $0["id"]?.string != "x" }, "a response from the client is not answered")
        // Answers come in the order of the requests.
        for id in 10..<20 { client.request(id, id % 2 == 0 ? "statelint/stats" : "nope") }
        var order: [Int] = []
        for _ in 10..<20 {
            guard let message = client.wait(timeout: 10, { $0["id"]?.int.map { $0 >= 10 } ?? false }) else { break }
            order.append(message["id"]!.int!)
        }
        #expect(order == Array(10..<20))
        client.request(30, "shutdown")
        #expect(client.response(30)?["result"] == .null)
        client.request(31, "statelint/stats")
        #expect(client.response(31)?["error"]?["code"]?.int == RPCError.invalidRequest)
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    @Test func exitWithoutShutdownFailsAndEndOfInputEnds() {
        let first = TestClient()
        first.start()
        _ = first.initialize(root: nil)
        first.notify("exit")
        #expect(first.waitForExit() == 1)
        let second = TestClient()
        second.start()
        #expect(second.finish() == 1)
    }

    @Test func aCancelledRequestIsAnsweredAsCancelled() {
        // The reader notes a cancellation when it reads it, before the loop takes the request.
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        let frames = MessageFramer.frame(#"{"jsonrpc":"2.0","id":5,"method":"statelint/stats"}"#)
            + MessageFramer.frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#)
        _ = frames.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let queue = MessageQueue()
        queue.read(from: fds[0])
        close(fds[0])
        guard case .item(.message(let request)) = queue.take(wait: false) else { Issue.record("no request"); return }
        #expect(request["id"]?.int == 5)
        if case .end = queue.take(wait: false) {} else { Issue.record("the cancellation is not a queued message") }
        #expect(queue.takeCancellation(.number(5)))
        #expect(!queue.takeCancellation(.number(5)))

        let client = TestClient()
        client.start()
        _ = client.initialize(root: nil)
        client.server.queue.cancel(.number(8))
        client.request(8, "statelint/stats")
        #expect(client.response(8)?["error"]?["code"]?.int == RPCError.requestCancelled)
        #expect(client.finish() == 1)
    }
}

@Suite("Language server: diagnostics and code actions")
struct DiagnosticsTests {
    /// The project of Tools/test-editors.sh (Neovim): Card's @State seed goes stale through the call in
    /// Screen's extension, and Card has a `_printChanges()` line with a safe fix.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tools/editors/project").standardizedFileURL.path
    static let card = (try? String(contentsOfFile: folder + "/Card.swift", encoding: .utf8)) ?? ""
    static let screen = (try? String(contentsOfFile: folder + "/Screen.swift", encoding: .utf8)) ?? ""

    /// A project with these files, and a started client initialized on it.
    static func started(_ files: [String: String], capabilities: String = "{}", options: String = "null") throws
        -> (sandbox: Sandbox, client: TestClient) {
        let sandbox = try Sandbox()
        for (name, text) in files { try sandbox.write(name, text) }
        let client = TestClient()
        client.start()
        _ = client.initialize(root: sandbox.root, capabilities: capabilities, options: options)
        return (sandbox, client)
    }

    /// A finding that needs a file nobody opened, on a first lint that starts from the disk cache an earlier
    /// server (or the command line) left: the same finding, with its call site in the unopened file.
    @Test func aFindingThatNeedsAnUnopenedFileAlsoFromAWarmCache() throws {
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card, "Screen.swift": DiagnosticsTests.screen])
        defer { sandbox.remove() }
        let card = sandbox.uri("Card.swift"), screen = sandbox.uri("Screen.swift")
        func injected(_ client: TestClient) -> JSON? {
            client.open(card, DiagnosticsTests.card)
            var diagnostics = client.diagnostics(for: card) ?? []
            if diagnostics.count < 2 { diagnostics = client.diagnostics(for: card) ?? [] }
            return diagnostics.first { $0["code"]?.string == "state_injected_value" }
        }
        let first = injected(client)
        #expect(first?["relatedInformation"]?.array?.first?["location"]?["uri"]?.string == screen, "\(String(describing: first))")
        client.request(9, "shutdown")
        _ = client.response(9)
        client.notify("exit")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/.statelint_cache"), "nothing is written into the project")
        let cacheFolder = CacheLocation.defaultFolder(root: sandbox.root, environment: TestClient.environment) ?? "/nonexistent"
        #expect(FileManager.default.fileExists(atPath: cacheFolder + "/CACHEDIR.TAG"), "the first lint keeps the disk cache in the cache home")
        let again = TestClient()
        again.start()
        _ = again.initialize(root: sandbox.root)
        let second = injected(again)
        #expect(second != nil && second == first, "a warm start says the same: \(String(describing: second))")
        again.request(9, "shutdown")
        _ = again.response(9)
        again.notify("exit")
    }

    @Test func findingsQuickFixesAndCrossFileUpdates() throws {
        #expect(DiagnosticsTests.card.contains("_printChanges") && DiagnosticsTests.screen.contains("Card(count: total)"))
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card, "Screen.swift": DiagnosticsTests.screen])
        defer { sandbox.remove() }
        let card = sandbox.uri("Card.swift"), screen = sandbox.uri("Screen.swift")
        client.open(card, DiagnosticsTests.card)
        client.open(screen, DiagnosticsTests.screen)
        var diagnostics = client.diagnostics(for: card) ?? []
        if diagnostics.count < 2 { diagnostics = client.diagnostics(for: card) ?? [] }
        let codes = diagnostics.compactMap { $0["code"]?.string }.sorted()
        #expect(codes == ["print_changes_leftover", "state_injected_value"], "\(diagnostics)")
        let injected = diagnostics.first { $0["code"]?.string == "state_injected_value" }
        #expect(injected?["range"]?["start"]?["line"]?.int == 6)
        #expect(injected?["range"]?["start"]?["character"]?.int == 8)
        #expect(injected?["severity"]?.int == 2)
        #expect(injected?["source"]?.string == "statelint")
        #expect(injected?["codeDescription"]?["href"]?.string?.hasSuffix("docs/rules.md#state_injected_value") == true)
        #expect(injected?["message"]?.string?.contains("'@State var count' in 'Card'") == true)
        // The call site in the other file is related information, at its own place in its own file.
        let related = injected?["relatedInformation"]?.array?.first
        #expect(related?["location"]?["uri"]?.string == screen, "\(String(describing: injected))")
        #expect(related?["location"]?["range"]?["start"]?["line"]?.int == 8)
        #expect(related?["message"]?.string?.contains("'Screen.card' sets 'count' from its @State 'total'") == true, "\(String(describing: related))")

        // Quick fixes on the _printChanges line: the fix (preferred: it is safe) and the suppression.
        client.request(2, "textDocument/codeAction",
                       #"{"textDocument":{"uri":"\#(card)"},"range":{"start":{"line":10,"character":0},"end":{"line":10,"character":0}},"context":{"diagnostics":[]}}"#)
        let actions = client.response(2)?["result"]?.array ?? []
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles.contains("Disable print_changes_leftover for this line"), "\(titles)")
        #expect(titles.contains("Fix all safe statelint findings in this file"), "\(titles)")
        #expect(!titles.contains { $0.contains("state_injected_value") }, "only the findings in the range: \(titles)")
        // `only` narrows the kinds: a fix-on-save request gets the fix-all action alone.
        client.request(3, "textDocument/codeAction",
                       #"{"textDocument":{"uri":"\#(card)"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[],"only":["source.fixAll"]}}"#)
        #expect(client.response(3)?["result"]?.array?.compactMap { $0["kind"]?.string } == ["source.fixAll.statelint"])
        let fix = actions.first { $0["kind"]?.string == "quickfix" && $0["isPreferred"]?.bool == true }
        let edits = fix?["edit"]?["changes"]?[card]?.array ?? []
        #expect(edits.count == 1, "\(actions)")
        // Apply it as a client does, and send the result.
        var document = TextDocument(uri: card, path: "/x", version: 1, text: DiagnosticsTests.card)
        for edit in edits { _ = document.apply(.object(["range": edit["range"]!, "text": edit["newText"]!]), encoding: .utf16) }
        let fixed = String(decoding: document.bytes, as: UTF8.self)
        #expect(!fixed.contains("_printChanges"))
        client.changeAll(card, fixed, version: 2)
        let after = client.diagnostics(for: card) ?? []
        #expect(after.compactMap { $0["code"]?.string } == ["state_injected_value"], "\(after)")

        // Cross-file: the caller in Screen's extension passes a constant, so Card's seed can never go stale.
        client.changeAll(screen, DiagnosticsTests.screen.replacingOccurrences(of: "Card(count: total)", with: "Card(count: 0)"), version: 2)
        #expect(client.diagnostics(for: card) == [], "the finding in the other buffer goes away")
        // And comes back when the edit is undone.
        client.changeAll(screen, DiagnosticsTests.screen, version: 3)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["state_injected_value"])

        // Closing clears the document's findings.
        client.notify("textDocument/didClose", #"{"textDocument":{"uri":"\#(card)"}}"#)
        #expect(client.diagnostics(for: card) == [])
        client.request(9, "shutdown")
        _ = client.response(9)
        client.notify("exit")
        #expect(client.waitForExit() == 0)
    }

    @Test func aChangeThatCannotBeAppliedWithholdsFindingsUntilTheWholeTextComes() throws {
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card])
        defer { sandbox.remove() }
        let card = sandbox.uri("Card.swift")
        client.open(card, DiagnosticsTests.card)
        #expect(client.diagnostics(for: card)?.isEmpty == false)
        // A change without text: the document's text is no longer known.
        client.notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(card)","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}}]}"#)
        #expect(client.diagnostics(for: card) == [])
        #expect(client.wait { $0["method"]?.string == "window/logMessage" && ($0["params"]?["message"]?.string ?? "").contains("could not be applied") } != nil)
        client.changeAll(card, DiagnosticsTests.card, version: 3)
        #expect(client.diagnostics(for: card)?.isEmpty == false)
        #expect(client.finish() == 1)
    }

    @Test func aFileInNoProjectIsLintedWithTheOpenBuffersOnly() throws {
        // No .git, no .lintrc, no workspace folder: the folder is not read. Screen.swift on disk passes Card a
        // constant (which would make Card's seed safe), but counts only once it is open.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-loose-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let constant = DiagnosticsTests.screen.replacingOccurrences(of: "Card(count: total)", with: "Card(count: 0)")
        try DiagnosticsTests.card.write(toFile: folder + "/Card.swift", atomically: true, encoding: .utf8)
        try constant.write(toFile: folder + "/Screen.swift", atomically: true, encoding: .utf8)
        let client = TestClient()
        client.start()
        _ = client.initialize(root: nil)
        let card = FileURI.uri(folder + "/Card.swift")
        client.open(card, DiagnosticsTests.card)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string }.sorted() == ["print_changes_leftover", "state_injected_value"])
        client.open(FileURI.uri(folder + "/Screen.swift"), constant)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        #expect(client.finish() == 1)
    }

    @Test func createdFilesFollowTheIgnoreFiles() throws {
        let constant = DiagnosticsTests.screen.replacingOccurrences(of: "Card(count: total)", with: "Card(count: 0)")
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card, "Screen.swift": constant, ".gitignore": "Generated/\n"])
        defer { sandbox.remove() }
        let card = sandbox.uri("Card.swift")
        client.open(card, DiagnosticsTests.card)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        let caller = "import SwiftUI\nstruct Other: View {\n    var n: Int\n    var body: some View { Card(count: n) }\n}\n"
        // Created in an ignored folder: not part of the project, as on the command line.
        try sandbox.write("Generated/Mock.swift", caller)
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Generated/Mock.swift"))","type":1}]}"#)
        client.changeAll(card, DiagnosticsTests.card + "\n", version: 2)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        // Created elsewhere: it is.
        try sandbox.write("Other.swift", caller)
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Other.swift"))","type":1}]}"#)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string }.sorted() == ["print_changes_leftover", "state_injected_value"])
        // A deleted folder's files leave the project (clients report only the folder).
        try FileManager.default.removeItem(atPath: sandbox.root + "/Other.swift")
        try sandbox.write("Sub/Other.swift", caller)
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Other.swift"))","type":3},{"uri":"\#(sandbox.uri("Sub/Other.swift"))","type":1}]}"#)
        // (Published again: the call site, in the finding's related information, moved.)
        let moved = client.diagnostics(for: card)?.first { $0["code"]?.string == "state_injected_value" }
        #expect(moved?["relatedInformation"]?.array?.first?["location"]?["uri"]?.string == sandbox.uri("Sub/Other.swift"))
        try FileManager.default.removeItem(atPath: sandbox.root + "/Sub")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Sub"))","type":3}]}"#)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        #expect(client.finish() == 1)
    }

    @Test func anUnusedSuppressionIsTaggedUnnecessary() throws {
        let text = "struct Plain {\n    // statelint:disable:next print_changes_leftover\n    var x = 0\n}\n"
        let (sandbox, client) = try Self.started(["Plain.swift": text])
        defer { sandbox.remove() }
        client.open(sandbox.uri("Plain.swift"), text)
        let found = client.diagnostics(for: sandbox.uri("Plain.swift")) ?? []
        #expect(found.map { $0["code"]?.string } == ["unused_suppression"], "\(found)")
        #expect(found.first?["tags"] == .array([.number(1)]))
        #expect(found.first?["range"]?["start"]?["line"]?.int == 1)
        #expect(client.finish() == 1)
    }

    @Test func configurationIsReadPerFileAndItsErrorsShownOnIt() throws {
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card, ".lintrc": "rules:\n  print_changes_leftover: off\n"],
                                                 options: #"{"disable":["state_injected_value"],"enable":["no_such_rule"]}"#)
        defer { sandbox.remove() }
        #expect(client.wait { $0["method"]?.string == "window/showMessage" && ($0["params"]?["message"]?.string ?? "").contains("no_such_rule") } != nil)
        let card = sandbox.uri("Card.swift")
        client.open(card, DiagnosticsTests.card)
        #expect(client.diagnostics(for: card) == [], ".lintrc turns one rule off, initializationOptions the other")
        // A broken .lintrc: shown on the file with its line, defaults used meanwhile.
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftovr: off\n")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri(".lintrc"))","type":2}]}"#)
        let problem = client.diagnostics(for: sandbox.uri(".lintrc"))
        #expect(problem?.first?["range"]?["start"]?["line"]?.int == 1, "\(String(describing: problem))")
        #expect(problem?.first?["message"]?.string?.contains("print_changes_leftover") == true, "\(String(describing: problem))")
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        // Fixed again: the problem is cleared.
        try sandbox.write(".lintrc", "rules:\n  print_changes_leftover: off\n")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri(".lintrc"))","type":2}]}"#)
        #expect(client.diagnostics(for: sandbox.uri(".lintrc")) == [])
        #expect(client.diagnostics(for: card) == [])
        #expect(client.finish() == 1)
    }

    /// Advisories (info findings) are published as hints, which editors show quietly; `infoSeverity`
    /// publishes them as information.
    @Test func advisoriesArePublishedAsHints() throws {
        let store = "import Observation\n@Observable final class Store {\n    var items: [Int] = []\n    init(seed: [Int]) { print(\"made\") }\n}\n"
        let screen = "import SwiftUI\nstruct Screen: View {\n    @State private var store = Store(seed: [])\n    var body: some View { Text(\"\\(store.items.count)\") }\n}\n"
        for (options, expected) in [("null", 4), (#"{"infoSeverity":"information"}"#, 3)] {
            let (sandbox, client) = try Self.started(["Store.swift": store, "Screen.swift": screen], options: options)
            defer { sandbox.remove() }
            let uri = sandbox.uri("Screen.swift")
            client.open(uri, screen)
            let diagnostics = client.diagnostics(for: uri) ?? []
            #expect(diagnostics.contains { $0["code"]?.string == "state_eager_object_init" && $0["severity"]?.int == expected },
                    "\(options): \(diagnostics)")
            #expect(client.finish() == 1)
        }
    }

    /// The project is the command line's whatever file is opened: a file in a sub-folder with its own
    /// `.lintrc` gets the root's `.lintrc` under the nested one, and the findings of the whole run.
    @Test func aNestedLintrcGivesTheWholeRunsFindings() throws {
        let card = DiagnosticsTests.card
        let (sandbox, client) = try Self.started(["Feature/Card.swift": card, "Screen.swift": DiagnosticsTests.screen,
                                                  ".lintrc": "rules:\n  print_changes_leftover: error\n",
                                                  "Feature/.lintrc": "rules:\n  state_injected_value: off\n"])
        defer { sandbox.remove() }
        let uri = sandbox.uri("Feature/Card.swift")
        client.open(uri, card)
        let diagnostics = client.diagnostics(for: uri) ?? []
        // The root's .lintrc makes the leftover an error (1); the nested one turns the stale seed off.
        #expect(diagnostics.map { "\($0["code"]?.string ?? "") \($0["severity"]?.int ?? 0)" } == ["print_changes_leftover 1"], "\(diagnostics)")
        // A nested .lintrc that sets what only the project's may set is shown on it.
        try sandbox.write("Feature/.lintrc", "exclude:\n  - Other\n")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Feature/.lintrc"))","type":2}]}"#)
        let problem = client.diagnostics(for: sandbox.uri("Feature/.lintrc"))
        #expect(problem?.first?["message"]?.string?.contains("applies to the whole run") == true, "\(String(describing: problem))")
        #expect(client.finish() == 1)
    }

    /// Without a `.lintrc`, what `.swiftlint.yml` excludes is not reported in the editor either.
    @Test func theExcludesOfSwiftLintApplyWithoutALintrc() throws {
        let card = DiagnosticsTests.card
        let (sandbox, client) = try Self.started(["Vendor/Card.swift": card, "App/Card2.swift": card.replacingOccurrences(of: "Card", with: "OtherCard"),
                                                  ".swiftlint.yml": "excluded:\n  - Vendor\n"])
        defer { sandbox.remove() }
        let vendored = sandbox.uri("Vendor/Card.swift")
        let app = sandbox.uri("App/Card2.swift")
        client.open(vendored, card)
        client.open(app, card.replacingOccurrences(of: "Card", with: "OtherCard"))
        #expect(client.diagnostics(for: app)?.isEmpty == false, "the app's own file is linted")
        #expect(client.diagnostics(for: vendored, timeout: 2)?.isEmpty ?? true, "the vendored file is not reported")
        // A .lintrc decides alone: the vendored file is reported again.
        try sandbox.write(".lintrc", "show_info: false\n")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri(".lintrc"))","type":1}]}"#)
        client.changeAll(vendored, card + "\n", version: 2)
        #expect(client.diagnostics(for: vendored)?.isEmpty == false, "with a .lintrc, the .swiftlint.yml excludes no longer apply")
        _ = client.finish()
    }

    /// A changed `Package.swift` (iOS 17 to 17.2) changes the notes that depend on the deployment target.
    @Test func aChangedPackageManifestChangesTheNotes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TestInputs/view_owned_reference").standardizedFileURL.path
        var files: [String: String] = [:]
        for name in ["Flagged.swift", "Presenters.swift", "Models.swift"] {
            files[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"A\", platforms: [.iOS(VERSION)])\n"
        files["Package.swift"] = manifest.replacingOccurrences(of: "VERSION", with: ".v17")
        let (sandbox, client) = try Self.started(files)
        defer { sandbox.remove() }
        let uri = sandbox.uri("Flagged.swift")
        func leakNotes() -> Int {
            let diagnostics = client.diagnostics(for: uri) ?? []
            return diagnostics.flatMap { $0["relatedInformation"]?.array ?? [] }
                .filter { ($0["message"]?.string ?? "").contains("iOS 17.0–17.1 never free") }.count
        }
        client.open(uri, files["Flagged.swift"]!)
        #expect(leakNotes() > 0, "iOS 17.0 is supported: the leak is noted")
        try sandbox.write("Package.swift", manifest.replacingOccurrences(of: "VERSION", with: "\"17.2\""))
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Package.swift"))","type":2}]}"#)
        #expect(leakNotes() == 0, "iOS 17.2 and later: no leak note")
        // Without a watched-file event (a client that watches nothing), a later lint sees the change too.
        try sandbox.write("Package.swift", manifest.replacingOccurrences(of: "VERSION", with: ".v17"))
        client.changeAll(uri, files["Flagged.swift"]! + "\n", version: 2)
        #expect(leakNotes() > 0, "back to iOS 17.0")
        #expect(client.finish() == 1)
    }

    @Test func filesChangedOnDiskAreReadAgain() throws {
        let (sandbox, client) = try Self.started(["Card.swift": DiagnosticsTests.card, "Screen.swift": DiagnosticsTests.screen],
                                                 capabilities: #"{"window":{"workDoneProgress":true}}"#)
        defer { sandbox.remove() }
        // Progress: the server asks for a token, and reports once it has one.
        guard let create = client.wait(timeout: 10, { $0["method"]?.string == "window/workDoneProgress/create" }),
              let id = create["id"]?.int else { Issue.record("no progress token request"); return }
        client.send(#"{"jsonrpc":"2.0","id":\#(id),"result":null}"#)
        #expect(client.wait { $0["method"]?.string == "$/progress" && $0["params"]?["value"]?["kind"]?.string == "begin" } != nil)
        #expect(client.wait { $0["method"]?.string == "$/progress" && $0["params"]?["value"]?["kind"]?.string == "end" } != nil)
        let card = sandbox.uri("Card.swift")
        client.open(card, DiagnosticsTests.card)
        #expect(client.diagnostics(for: card)?.count == 2)
        // Screen.swift (not open) changes on disk: a watched-file event makes it count.
        try sandbox.write("Screen.swift", DiagnosticsTests.screen.replacingOccurrences(of: "Card(count: total)", with: "Card(count: 0)"))
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Screen.swift"))","type":2}]}"#)
        #expect(client.diagnostics(for: card)?.compactMap { $0["code"]?.string } == ["print_changes_leftover"])
        // A new file that calls Card with a variable: the seed can go stale again.
        try sandbox.write("Other.swift", "import SwiftUI\nstruct Other: View {\n    var n: Int\n    var body: some View { Card(count: n) }\n}\n")
        client.notify("workspace/didChangeWatchedFiles", #"{"changes":[{"uri":"\#(sandbox.uri("Other.swift"))","type":1}]}"#)
        #expect(client.diagnostics(for: card)?.count == 2)
        #expect(client.finish() == 1)
    }
}

/// "Disable RULE for this line" must put a comment where the compiler reads a comment.
@Suite("Language server: disable comments")
struct DisableCommentTests {
    static func applying(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aLineThatStartsInsideAMultiLineStringGetsARegionAroundTheLiteral() {
        let text = """
            struct Row: View {
                var body: some View {
                    Text(\"\"\"
                        hello
                        \"\"\"); let _ = Self._printChanges()
                    Text("x")
                }
            }

            """
        let lines = LineIndex(Array(text.utf8))
        let literals = LiteralSpans(Lexer.tokenize(Array(text.utf8)).tokens)
        // The finding is on line 4 (0-based), which starts inside the string.
        let fixed = Self.applying(LanguageServer.disableEdits(rule: "print_changes_leftover", line: 4, lines: lines, literals: literals), to: text)
        #expect(fixed.contains("""
                    // statelint:disable print_changes_leftover
                    Text(\"\"\"
                        hello
                        \"\"\"); let _ = Self._printChanges()
                    // statelint:enable print_changes_leftover
                    Text("x")
            """), "\(fixed)")
        // The string's text is unchanged.
        #expect(fixed.contains("Text(\"\"\"\n            hello\n            \"\"\")"))
        // A line outside any literal gets `disable:next` above it.
        let plain = Self.applying(LanguageServer.disableEdits(rule: "print_changes_leftover", line: 5, lines: lines, literals: literals), to: text)
        #expect(plain.contains("        // statelint:disable:next print_changes_leftover\n        Text(\"x\")"), "\(plain)")
    }
}
