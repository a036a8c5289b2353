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
}
