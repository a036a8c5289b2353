import StatelintAnalysis
import StatelintSyntax
import StatelintTestSupport
import Testing

/// The sorted name table behaves like a dictionary, folds duplicates in order, and merges linearly.
@Suite("Name table")
struct NameTableTests {
    @Test func behavesLikeADictionaryUnderRandomEdits() {
        var random = SplitMix64(seed: 3)
        var table: NameTable<Int> = [:]
        var reference: [String: Int] = [:]
        for step in 0..<5000 {
            let name = "n\(random.next() % 60)"
            if random.next() % 4 == 0 {
                table[name] = nil
                reference[name] = nil
            } else {
                table[name] = step
                reference[name] = step
            }
            #expect(table[name] == reference[name])
        }
        #expect(table.keys == reference.keys.sorted())
        #expect(table.count == reference.count)
        for (name, value) in table { #expect(reference[name] == value) }
    }

    @Test func mergingFewNamesIntoALargeTableMatchesADictionary() {
        // Small tables merged into a large one take the in-place path; the result must not differ.
        var random = SplitMix64(seed: 11)
        var table = NameTable((0..<400).map { ("n\($0 * 3)", "\($0)") }) { $0 + $1 }
        var reference = [String: String](uniqueKeysWithValues: (0..<400).map { ("n\($0 * 3)", "\($0)") })
        for step in 0..<300 {
            let names = (0..<Int(1 + random.next() % 3)).map { _ in "n\(random.next() % 1300)" }
            let small = NameTable(names.map { ($0, "+\(step)") }) { a, _ in a }
            table.merge(small) { $0 + $1 }
            for name in Set(names) { reference[name] = (reference[name] ?? "") + "+\(step)" }
        }
        #expect(table.keys == reference.keys.sorted())
        for (name, value) in table { #expect(reference[name] == value, "\(name)") }
    }

    @Test func foldsDuplicatesInTheirOriginalOrder() {
        let table = NameTable([("b", "1"), ("a", "2"), ("b", "3"), ("c", "4"), ("b", "5")]) { $0 + $1 }
        #expect(table.keys == ["a", "b", "c"])
        #expect(table["b"] == "135")
        let first = NameTable([("x", 1), ("x", 2)]) { earlier, _ in earlier }
        #expect(first["x"] == 1)
    }

    @Test func mergeKeepsOrderAndCombinesSharedNames() {
        var mine: NameTable<String> = ["a": "m", "c": "m", "e": "m"]
        mine.merge(["b": "t", "c": "t", "f": "t"]) { $0 + $1 }
        #expect(mine.keys == ["a", "b", "c", "e", "f"])
        #expect(mine["c"] == "mt")
        var empty: NameTable<String> = [:]
        empty.merge(mine) { a, _ in a }
        #expect(empty.keys == mine.keys)
    }

    @Test func aTypeWithThousandsOfMembersIsSummarized() {
        let count = 20_000
        var source = "@Observable final class Huge {\n"
        for i in 0..<count { source += "    var p\(count - i) = 0\n" }
        source += "    func read() -> Int { p7 }\n    func p1() {}\n}\n"
        let summary = FileSummary(tree: SyntaxTree(file: SourceFile(path: "Huge.swift", text: source)))
        let index = ProjectIndex(summaries: [summary])
        let huge = index.type(named: "Huge")
        #expect(huge?.members.count == count + 1)
        #expect(huge?.members["p1"]?.kind == .storedVar, "a variable beats a method of the same name")
        #expect(huge?.isTracked("p12345") == true)
        #expect(index.trackedRead(in: huge!, through: "read")?.property == "p7")
    }
}

@Suite("Hash set")
struct HashSet64Tests {
    /// Every value put in is found (zero, neighbours, values that share low bits, duplicates), and values
    /// that were not put in are not, for sets from empty to larger than one table growth.
    @Test func findsExactlyItsValues() {
        var generator = SplitMix64(seed: 11)
        for size in [0, 1, 2, 7, 8, 9, 100, 1000] {
            var values = (0..<size).map { _ in generator.next() }
            if size > 2 { values[0] = 0; values[1] = values[2] &+ 1 << 40; values.append(values[2]) }
            let set = HashSet64(values)
            for value in values { #expect(set.contains(value), "\(value) in a set of \(size)") }
            let members = Set(values)
            for _ in 0..<2000 {
                let other = generator.next() % 3 == 0 ? generator.next() & 0xFFFF : generator.next()
                #expect(set.contains(other) == members.contains(other), "\(other) in a set of \(size)")
            }
            #expect(set.contains(0) == members.contains(0))
        }
    }
}

@Suite("Name prefilter")
struct NamePrefilterTests {
    /// A name of the set always passes (ASCII, non-ASCII, longer than 63 bytes); a name passes only when some
    /// name of the set has both its first byte and its length (the pair, not each on its own).
    @Test func passesEveryNameAndOnlyPairsOfFirstByteAndLength() {
        let long = String(repeating: "x", count: 70)
        let names: Set<String> = ["Store", "Model", "ÉtatView", "id", long]
        let filter = NamePrefilter(names)
        for name in names {
            #expect(filter.may(start: name.utf8.first!, length: name.utf8.count), "\(name)")
        }
        // `S` with length 5 passes (Store); `S` with length 2 and `i` with length 5 do not, though each first
        // byte and each length is some name's.
        #expect(filter.may(start: UInt8(ascii: "S"), length: 5))
        #expect(!filter.may(start: UInt8(ascii: "S"), length: 2))
        #expect(!filter.may(start: UInt8(ascii: "i"), length: 5))
        #expect(!filter.may(start: UInt8(ascii: "q"), length: 5))
        // Over 63 bytes counts as 63.
        #expect(filter.may(start: UInt8(ascii: "x"), length: 200))
        #expect(!filter.may(start: UInt8(ascii: "x"), length: 6))
    }
}

@Suite("Dotted names")
struct DottedNameTests {
    /// The last non-empty part between dots, as `split(separator: ".").last ?? whole` says, for ASCII names
    /// (read among the bytes) and others (split into characters).
    @Test func lastDottedPartIsTheLastPartSplitWouldGive() {
        let names = ["", ".", "..", "A", "A.", "A..", ".A", "A..B", "Outer.Inner", "a.b.c", "Outer.Inner.", "Ünïcode.Näme",
                     "Outer.Ünïcode", "e\u{301}.x", "x.e\u{301}", "Set<AnyCancellable>", "Swift.Set<Foundation.Data>"]
        for name in names {
            #expect(name.lastDottedPart == (name.split(separator: ".").last ?? name[...]), "\(name)")
        }
    }
}

@Suite("View bodies")
struct ViewBodyTests {
    /// A `body` whose type names `View` (read as bytes, or as text when the type has non-ASCII bytes).
    @Test func viewBodiesAreFoundByTheirType() {
        func declares(_ text: String) -> Bool {
            FileSummary(tree: SyntaxTree(file: SourceFile(path: "A.swift", text: text))).declaresViewBody
        }
        #expect(declares("struct A: View { var body: some View { Text(\"\") } }"))
        #expect(declares("struct A: SwiftUI.View { var body: some SwiftUI.View { EmptyView() } }"))
        #expect(declares("struct Ä: View { var body: some View { Text(\"é\") } }"))
        #expect(declares("struct A { var body: Kéy.View { x } }"))
        #expect(!declares("struct A { var body: Int { 1 } }"))
        #expect(!declares("struct A { var body: some Vie { 1 } }"))
        #expect(!declares("struct A { var body: Kéy.Vie { x } }"))
    }
}
