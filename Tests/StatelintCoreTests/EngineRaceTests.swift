import Foundation
import StatelintDiagnostics
import StatelintSyntax
import Testing
@testable import StatelintCore

/// A file deleted, or truncated into invalid UTF-8, between the engine's two reads: said (not dropped),
/// and every other file still reported.
@Suite("Files that change during a run")
struct EngineRaceTests {
    final class Disk: @unchecked Sendable {
        private let lock = NSLock()
        private var reads: [String: Int] = [:]
        let files: [SourceFile]
        let second: [String: Result<SourceFile, FileProblem>]

        init(files: [SourceFile], second: [String: Result<SourceFile, FileProblem>]) {
            self.files = files
            self.second = second
        }

        func load(_ i: Int) -> Result<SourceFile, FileProblem> {
            let path = files[i].path
            lock.lock()
            reads[path, default: 0] += 1
            let count = reads[path]!
            lock.unlock()
            if count > 1, let changed = second[path] { return changed }
            return .success(files[i])
        }
    }

    static let hazard = "import SwiftUI\nstruct V: View {\n    var body: some View {\n        let _ = Self._printChanges()\n        Text(\"x\")\n    }\n}\n"

    @Test func aFileThatChangesBetweenTheReadsIsReportedAndTheRestGoesOn() {
        let files = ["Deleted.swift", "Truncated.swift", "Kept.swift"].map { SourceFile(path: $0, text: Self.hazard) }
        let disk = Disk(files: files, second: [
            "Deleted.swift": .failure(FileProblem(path: "Deleted.swift", message: "cannot be read; skipped")),
            "Truncated.swift": .failure(FileProblem(path: "Truncated.swift", message: "is not valid UTF-8; skipped")),
        ])
        let report = Engine(jobs: 2).run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(report.diagnostics.map(\.path) == ["Kept.swift"])
        #expect(report.problems.map(\.path).sorted() == ["Deleted.swift", "Truncated.swift"])
        #expect(report.problems.allSatisfy { $0.message.hasSuffix("(it changed while statelint ran)") && !$0.isPartial })
        #expect(report.fileCount == 1)
    }

    /// Pass 2 parses the tokens pass 1 kept of a file it will probably check (one lex per file), with the
    /// same findings as lexing again; without the budget nothing is kept.
    @Test func keptTokensServePassTwoWithTheSameFindings() {
        let files = (0..<4).map { SourceFile(path: "V\($0).swift", text: Self.hazard) } + [SourceFile(path: "Plain.swift", text: "struct P { var x = 1 }\n")]
        let disk = Disk(files: files, second: [:])
        let kept = Engine(jobs: 2).run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        var engine = Engine(jobs: 2)
        engine.keptLexBytes = 0
        let lexedTwice = engine.run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(kept.stats.keptLexesUsed == 4)
        #expect(lexedTwice.stats.keptLexesUsed == 0)
        #expect(kept.diagnostics.count == 4)
        #expect(kept.diagnostics.map { "\($0.path):\($0.range):\($0.message)" } == lexedTwice.diagnostics.map { "\($0.path):\($0.range):\($0.message)" })
    }

    /// A kept file that changes before pass 2 reads it again is linted as it is now: its kept tokens are
    /// for other bytes and are not used.
    @Test func aKeptFileThatChangesIsLintedAsItIsNow() {
        let moved = "// a comment first, so every offset moves\n" + Self.hazard
        let files = ["Moved.swift", "Fixed.swift", "Same.swift"].map { SourceFile(path: $0, text: Self.hazard) }
        let disk = Disk(files: files, second: [
            "Moved.swift": .success(SourceFile(path: "Moved.swift", text: moved)),
            "Fixed.swift": .success(SourceFile(path: "Fixed.swift", text: "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"x\") }\n}\n")),
        ])
        let report = Engine(jobs: 1).run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(report.diagnostics.map(\.path).sorted() == ["Moved.swift", "Same.swift"])
        #expect(report.stats.keptLexesUsed == 1)
        let movedFinding = report.diagnostics.first { $0.path == "Moved.swift" }
        let sameFinding = report.diagnostics.first { $0.path == "Same.swift" }
        let shift = moved.utf8.count - Self.hazard.utf8.count
        #expect(movedFinding?.range.lowerBound == (sameFinding?.range.lowerBound).map { $0 + shift })
    }

    /// A one-shot run that leaves its index to the process's exit reports exactly what a run that frees it
    /// does, and holds it (parked) instead of freeing it; a run that frees it parks nothing.
    @Test func aRunThatLeavesItsIndexToExitReportsTheSame() {
        let files = (0..<3).map { SourceFile(path: "V\($0).swift", text: Self.hazard) }
        let disk = Disk(files: files, second: [:])
        let before = ExitParking.count
        let freed = Engine(jobs: 1).run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(ExitParking.count == before)
        var engine = Engine(jobs: 1)
        engine.leavesMemoryToExit = true
        let left = engine.run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(ExitParking.count == before + 1)
        #expect(left.diagnostics.count == 3)
        #expect(left.diagnostics.map { "\($0.path):\($0.range):\($0.message)" } == freed.diagnostics.map { "\($0.path):\($0.range):\($0.message)" })
    }

    /// A file read from disk gets a stamp once it has settled (changed more than two seconds before the read):
    /// the same while the file is not written, another once it is; a file changed just now gets none.
    @Test func aSettledFileHasAStampThatChangesWithTheFile() throws {
        let path = NSTemporaryDirectory() + "statelint-stamp-\(UUID().uuidString).swift"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: path))
        var stamp: UInt64?
        _ = FileReading.bytes(of: path, settledStamp: &stamp)
        #expect(stamp == nil, "just written: not settled")
        let later = DiskCache.now() + 10_000_000_000
        var first: UInt64?
        var again: UInt64?
        _ = FileReading.bytes(of: path, settledStamp: &first, now: later)
        _ = FileReading.bytes(of: path, settledStamp: &again, now: later)
        #expect(first != nil && first == again)
        // (Another size too: two writes within one tick of a coarse file-system clock keep their times.)
        try Data("let bb = 22\n".utf8).write(to: URL(fileURLWithPath: path))
        var changed: UInt64?
        _ = FileReading.bytes(of: path, settledStamp: &changed, now: later + 10_000_000_000)
        #expect(changed != nil && changed != first, "written again: another stamp")
    }

    /// Pass 2 takes pass 1's tokens of a file whose settled stamp is the same (no hash of its bytes), lexes
    /// again a file whose stamp changed, and, when it changed, lints it as it is now.
    @Test func keptTokensFollowTheSettledStamp() {
        let moved = "// a comment first, so every offset moves\n" + Self.hazard
        let names = ["Same.swift", "Moved.swift", "Touched.swift"]
        let files = names.map { SourceFile(path: $0, bytes: Array(Self.hazard.utf8), stamp: 7) }
        let disk = Disk(files: files, second: [
            "Same.swift": .success(SourceFile(path: "Same.swift", bytes: Array(Self.hazard.utf8), stamp: 7)),
            "Moved.swift": .success(SourceFile(path: "Moved.swift", bytes: Array(moved.utf8), stamp: 8)),
            // The same bytes with another stamp: pass 1 kept no hash to compare, so it is lexed again.
            "Touched.swift": .success(SourceFile(path: "Touched.swift", bytes: Array(Self.hazard.utf8), stamp: 9)),
        ])
        let report = Engine(jobs: 1).run(count: files.count, path: { files[$0].path }, load: { disk.load($0) }, reportOnly: nil)
        #expect(report.stats.keptLexesUsed == 1)
        #expect(report.diagnostics.map(\.path).sorted() == ["Moved.swift", "Same.swift", "Touched.swift"])
        let shift = moved.utf8.count - Self.hazard.utf8.count
        let start = { (path: String) in report.diagnostics.first { $0.path == path }?.range.lowerBound }
        #expect(start("Moved.swift") == start("Same.swift").map { $0 + shift })
        #expect(start("Touched.swift") == start("Same.swift"))
    }
}
