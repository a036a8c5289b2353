import Foundation
import StatelintSyntax
import StatelintTestSupport
import Testing
@testable import StatelintAnalysis

/// What every registered fact (`FactRegistry.all`) must do, checked on every `TestInputs` file and on token
/// soup, with no test code of its own: its index does not depend on the order files are merged in (one
/// index or partial ones), its parts survive the cache's coding, dropping a file's part and adding it again
/// equals a rebuild, and a fingerprint changes exactly when the answer under its key does.
@Suite struct IndexFactConformanceTests {
    /// The files: each `TestInputs` file under its own path, and token soup.
    static let files: [SourceFile] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TestInputs")
        let walker = FileManager.default.enumerator(atPath: root.path)
        let paths = (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let inputs = paths.compactMap { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map { SourceFile(path: path, text: $0) }
        }
        let soup = TokenNotesTests.soup(200).enumerated().map { SourceFile(path: "Soup\($0.offset).swift", text: $0.element) }
        return inputs + soup
    }()

    static let plan = AnalysisPlan.everything

    /// Each file's summary and its parts of the registered facts, as pass 1 makes them.
    static let summarized: [(summary: FileSummary, parts: FileContributions?)] = files.map { file in
        let tree = SyntaxTree(file: file)
        return (FileSummary(tree: tree, plan: plan), FileContributions.collect(tree, plan: plan))
    }

    /// Each key's answer, encoded, for one fact: what two indexes must agree on.
    static func answers<F: IndexFact>(_ fact: F.Type, _ index: ProjectIndex) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for key in index.factKeys(fact) {
            var w = ByteWriter()
            if let value = index.value(of: fact, at: key) { F.encode(value, into: &w) }
            result[key] = w.bytes
        }
        return result
    }

    static func index(_ files: some Sequence<(summary: FileSummary, parts: FileContributions?)>) -> ProjectIndex {
        var index = ProjectIndex()
        for file in files {
            index.add(file.summary)
            index.addFactParts(file.parts)
        }
        index.finish()
        return index
    }

    @Test func theInputsAreFound() {
        #expect(IndexFactConformanceTests.files.count(where: { !$0.path.hasPrefix("Soup") }) > 100, "TestInputs was not found")
        #expect(!FactRegistry.all.isEmpty)
        for fact in FactRegistry.all {
            // Every registered fact is a `ProjectFact`, and the plan that collects everything collects it.
            #expect(IndexFactConformanceTests.plan.indexFacts.contains { $0.id == fact.id })
            #expect(ProjectFact(rawValue: fact.id)?.factType?.id == fact.id)
        }
    }

    @Test func everyFactConforms() {
        for fact in FactRegistry.all { check(fact) }
    }

    func check<F: IndexFact>(_ fact: F.Type) {
        let files = IndexFactConformanceTests.summarized
        let full = IndexFactConformanceTests.index(files)
        let reference = IndexFactConformanceTests.answers(fact, full)
        #expect(reference.count >= 5, "\(F.id): the inputs give too few keys to test it")

        // Any order, one index or partial ones merged shard by shard.
        let reversed = IndexFactConformanceTests.answers(fact, IndexFactConformanceTests.index(files.reversed())) == reference
        #expect(reversed, "\(F.id): reversed order")
        var random = SplitMix64(seed: 7)
        var shuffled = files
        shuffled.shuffle(using: &random)
        var partials = [0, 1, 2].map { k in
            IndexFactConformanceTests.index(shuffled.indices.filter { $0 % 3 == k }.map { shuffled[$0] })
        }
        let merged = IndexFactConformanceTests.answers(fact, ProjectIndex(merging: &partials)) == reference
        #expect(merged, "\(F.id): partial indexes")

        // The cache's coding: every file's parts decode to what was encoded.
        var decoded: [(summary: FileSummary, parts: FileContributions?)] = []
        for file in files {
            var w = ByteWriter()
            FileContributions.encode(file.parts, into: &w)
            var r = ByteReader(w.bytes[...])
            let back: FileContributions?
            do {
                back = try FileContributions.decode(&r)
            } catch {
                Issue.record("\(F.id): the parts of \(file.parts?.path ?? "a file") did not decode")
                return
            }
            guard r.isAtEnd else {
                Issue.record("\(F.id): the parts of \(file.parts?.path ?? "a file") did not decode")
                return
            }
            var again = ByteWriter()
            FileContributions.encode(back, into: &again)
            let sameBytes = again.bytes == w.bytes
            #expect(sameBytes, "\(F.id): the parts of \(file.parts?.path ?? "a file") round-trip")
            decoded.append((file.summary, back))
        }
        let sameDecoded = IndexFactConformanceTests.answers(fact, IndexFactConformanceTests.index(decoded)) == reference
        #expect(sameDecoded, "\(F.id): decoded")

        // Drop a file's part and add it again: a rebuild without it, then the full index; a fingerprint
        // changes with the answer under its key, and only then.
        let contributing = files.indices.filter { files[$0].parts?.parts.contains { $0.factID == F.id } == true }
        #expect(!contributing.isEmpty)
        for i in contributing.prefix(40) {
            let parts = files[i].parts!
            var index = full
            index.removeFactParts(of: parts.path)
            index.finish()
            var without = files
            without.remove(at: i)
            let rebuilt = IndexFactConformanceTests.index(without)
            let dropped = IndexFactConformanceTests.answers(fact, index)
            let sameAsRebuilt = dropped == IndexFactConformanceTests.answers(fact, rebuilt)
            #expect(sameAsRebuilt, "\(F.id): dropping \(parts.path)")
            for key in parts.parts.filter({ $0.factID == F.id }).flatMap(\.keys) {
                let changed = dropped[key] != reference[key]
                #expect((index.fingerprint(ofKey: F.readKey(key)) != full.fingerprint(ofKey: F.readKey(key))) == changed,
                        "\(F.id): the fingerprint of '\(key)' follows its answer")
            }
            index.addFactParts(parts)
            index.finish()
            let sameAgain = IndexFactConformanceTests.answers(fact, index) == reference
            #expect(sameAgain, "\(F.id): adding \(parts.path) back")
        }

        // A query records the key it read.
        let reads = IndexReads()
        if let key = reference.keys.sorted().first {
            _ = full.recording(into: reads).value(of: fact, at: key)
            #expect(reads.keys.contains(F.readKey(key)))
        }
    }

    /// A plan that does not collect a fact collects no part of it, and a pack of another schema version has
    /// another key.
    @Test func aFactNoRuleNeedsCostsNothing() {
        let plain = AnalysisPlan(facts: [ProjectFact.observableMemberUses])
        #expect(plain.indexFacts.isEmpty)
        #expect(IndexFactConformanceTests.files.allSatisfy { FileContributions.collect(SyntaxTree(file: $0), plan: plain) == nil })
        #expect(FactRegistry.schemaDescription.contains("releases@"))
    }
}
