import Foundation
import StatelintCore
import StatelintRules
import StatelintSyntax
import Testing

/// Every rule on broken input: truncated fixtures and mutated fixtures must lint without a crash,
/// and findings must point inside the file.
@Suite("Rules on broken input")
struct RuleRobustnessTests {
    static func fixtureTexts() -> [[UInt8]] {
        let paths = (try? Discovery.swiftFiles(in: [testInputs.path])) ?? []
        return paths.map { [UInt8](FileManager.default.contents(atPath: $0) ?? Data()) }
    }

    func lintAll(_ inputs: [[UInt8]]) {
        let files = inputs.enumerated().map { SourceFile(path: "f\($0.offset).swift", bytes: $0.element) }
        let report = Engine(jobs: 2).lint(files: files)
        for d in report.diagnostics {
            let size = files[Int(d.path.dropFirst().dropLast(6))!].bytes.count
            #expect(d.range.lowerBound >= 0 && d.range.upperBound <= size && d.range.lowerBound <= d.range.upperBound,
                    "\(d.path) \(d.range) outside \(size) bytes: \(d.message)")
            for note in d.notes {
                // A note may point into another file (a call site): it must fit that file.
                let noteSize = note.path.map { files[Int($0.dropFirst().dropLast(6))!].bytes.count } ?? size
                #expect(note.range.lowerBound >= 0 && note.range.upperBound <= noteSize)
            }
        }
    }

    /// Inputs that crashed a rule or overflowed a stack once; each must lint without a crash.
    static let crashers: [String] = [
        // An accessor block on a declaration that binds no name (print_changes_leftover's body lookup).
        "struct V: View {\n    let (){}\n}\n",
        "struct V: View {\n    var (): Int { 1 }\n    var body: some View { let _ = print(1) }\n}\n",
        "@Observable final class M {\n    var () { get {} }\n    init() {}\n}\n",
        // Chains past the parser's tree depth limit, in a view body and an @Observable init.
        "struct V: View {\n  var body: some View {\n    Text(\"x\")" + String(repeating: ".padding()", count: 100_000) + "\n  }\n}\n",
        "@Observable final class M {\n var x = 0\n init() {\n  a" + String(repeating: ".b()", count: 150_000) + "\n }\n}\n",
        "struct V: View {\n  var body: some View {\n    if a {}" + String(repeating: " else if a {}", count: 150_000) + "\n  }\n}\n",
        "struct V: View {\n  var body: some View {\n    let x = " + String(repeating: "try await ", count: 75_000) + "f()\n  }\n}\n",
    ]

    @Test func formerCrashers() {
        lintAll(Self.crashers.map { Array($0.utf8) })
    }

    @Test func truncatedFixtures() {
        // Every fixture cut at many points: declarations, closures and strings left open.
        var inputs: [[UInt8]] = []
        for bytes in Self.fixtureTexts() {
            var end = 0
            while end < bytes.count {
                inputs.append(Array(bytes[0..<end]))
                end += max(1, bytes.count / 40)
            }
        }
        #expect(inputs.count > 200)
        lintAll(inputs)
    }

    @Test func mutatedFixtures() {
        // Deterministic mutations: delete, duplicate or swap in a bracket, quote or keyword.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % 1_000_003)
        }
        let pieces: [[UInt8]] = ["{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "\\(", "#if", "#endif", "Task {", "[weak self]",
                                 "guard let self", "for await x in s", "self.", "= {", "@State", "init(", "/*", "*/", "//"]
            .map { Array($0.utf8) }
        var inputs: [[UInt8]] = []
        for bytes in Self.fixtureTexts() where !bytes.isEmpty {
            for _ in 0..<12 {
                var mutated = bytes
                for _ in 0..<(1 + next() % 6) {
                    let at = next() % max(1, mutated.count)
                    switch next() % 3 {
                    case 0: mutated.removeSubrange(at..<min(mutated.count, at + 1 + next() % 20))
                    case 1: mutated.insert(contentsOf: pieces[next() % pieces.count], at: at)
                    default: mutated.insert(contentsOf: mutated[at..<min(mutated.count, at + next() % 40)], at: at)
                    }
                }
                inputs.append(mutated)
            }
        }
        lintAll(inputs)
    }
}
