@testable import StatelintAnalysis
import StatelintSyntax
import Testing

struct PreviewConstructionsTests {
    /// What only previews build is noted apart (`ConstructionNames.previewOnly`), in a walk that stays linear
    /// however many `#Preview`s never open a body.
    @Test func constructionsInPreviewsAreNotedApart() {
        let text = """
            struct A: View { var body: some View { Row() } }
            #Preview("Dark") { Row(); Card() }
            struct P: Sendable, PreviewProvider { static var previews: some View { Sheet() } }
            """
        let names = ConstructionNames(SyntaxTree(file: SourceFile(path: "A.swift", text: text)))
        let hash = { (name: String) in UInt32(truncatingIfNeeded: WordSet.hash(name.utf8)) }
        #expect(names.hashes.contains(hash("Row")) && names.hashes.contains(hash("Card")) && names.hashes.contains(hash("Sheet")))
        // (Row is built outside a preview too; `#Preview(` and `PreviewProvider {` read as constructions, in previews.)
        #expect(Set(names.previewOnly) == [hash("Card"), hash("Sheet"), hash("Preview"), hash("PreviewProvider")])
        // A preview type nested in another, a preview that ends the file, one that never closes: no crash.
        for text in ["struct P: PreviewProvider { struct Q: PreviewProvider { let a = A() } }; let b = B()", "#Preview", "#Preview {",
                     "#Preview { A() }", "struct P: PreviewProvider { static var previews: some View { A() "] {
            _ = ConstructionNames(SyntaxTree(file: SourceFile(path: "N.swift", text: text)))
        }
        let nested = ConstructionNames(SyntaxTree(file: SourceFile(path: "N.swift", text:
            "struct P: PreviewProvider { struct Q: PreviewProvider { let a = A() }; let c = C() }; let b = B()")))
        #expect(nested.previewOnly.contains(hash("A")) && nested.previewOnly.contains(hash("C")) && !nested.previewOnly.contains(hash("B")))
        let soup = String(repeating: "#Preview X() ", count: 20_000) + "}"
        let many = ConstructionNames(SyntaxTree(file: SourceFile(path: "S.swift", text: soup)))
        #expect(many.previewOnly.isEmpty && many.hashes.contains(hash("X")))
    }

    /// The last inherited name before a declaration's body (`class Remote: Store {`) and a computed property's
    /// type (`var data: Source {`) are no constructions, so a subclass or a computed property beside a class does
    /// not make its file one that builds the class; a trailing closure after an argument label still is one
    /// (`Panel(content: Card { … })`).
    @Test func anInheritedNameIsNoConstruction() {
        let hash = { (name: String) in UInt32(truncatingIfNeeded: WordSet.hash(name.utf8)) }
        let text = """
            class Remote: Store {}
            struct Pair: Equatable, Keyed {}
            extension Box: Sized where T: Measured {}
            actor Worker: Runner {}
            struct Host { private var data: Source { fatalError() } }
            let p = Panel(content: Card { 1 }, footer: Tray { 2 })
            struct Both: Primary & Secondary {}
            extension NSEvent.ModifierFlags { static var none: Self { [] } }
            struct Action { var flags: AppKit.NSEvent.EventMask { [] } }
            var badge: some View { flag ? plain : Badge { 3 } }
            func chip() -> some View { switch kind { case .a: Chip { 4 } } }
            """
        let names = Set(ConstructionNames(SyntaxTree(file: SourceFile(path: "A.swift", text: text))).hashes)
        for name in ["Store", "Keyed", "Measured", "Runner", "Source", "Secondary", "ModifierFlags", "EventMask"] { #expect(!names.contains(hash(name)), "\(name)") }
        for name in ["Panel", "Card", "Tray", "Badge", "Chip"] { #expect(names.contains(hash(name)), "\(name)") }
    }

    /// The walk's construction test, written out in its hot loop, and `ConstructionNames.constructedName(at:…)`,
    /// which the preview walk calls, find the same names in every `TestInputs` file and in token soup.
    @Test func constructionNamesAgreeWithTheirRecogniser() {
        let texts = TokenNotesTests.inputs() + TokenNotesTests.snippets + TokenNotesTests.soup(400)
        #expect(texts.count > 500, "TestInputs was not found")
        for (k, text) in texts.enumerated() {
            let tree = SyntaxTree(file: SourceFile(path: "F\(k).swift", text: text))
            var byFunction: [UInt32] = []
            tree.file.bytes.withUnsafeBufferPointer { b in tree.tokens.withUnsafeBufferPointer { tokens in
                ConstructionNames.constructedNames(in: 0..<tokens.count, tokens, b, into: &byFunction)
            } }
            #expect(Set(ConstructionNames(tree).hashes) == Set(byFunction), "\(text.prefix(200))")
        }
    }
}
