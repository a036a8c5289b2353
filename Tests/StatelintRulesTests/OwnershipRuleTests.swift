import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// `view_owned_reference`'s presentation-leak note depends on the configured iOS deployment target, and
/// the ownership rules' findings carry the notes and fix-its their messages promise.
@Suite("Ownership rules")
struct OwnershipRuleTests {
    /// The `view_owned_reference` fixture folder as in-memory files.
    static func viewOwnedReferenceFiles() throws -> [SourceFile] {
        let folder = testInputs.appendingPathComponent("view_owned_reference")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { name in
            SourceFile(path: name, text: try String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8))
        }
    }

    static func sheetFinding(target: [String: String]) throws -> Diagnostic? {
        let settings = LintSettings(rules: [ViewOwnedReferenceRule.self], deploymentTarget: DeploymentTarget(configured: target))
        let report = Engine(settings: settings, jobs: 1).lint(files: try viewOwnedReferenceFiles())
        return report.diagnostics.first { $0.message.hasPrefix("'SheetView' builds 'SheetViewModel'") }
    }

    /// The notes about the iOS 17.0–17.1 leak (the finding's witness, the rebuilding parent, is another).
    static func leakNotes(_ finding: Diagnostic) -> [Note] {
        finding.notes.filter { $0.message.hasPrefix("presented with") }
    }

    @Test func withoutAnIOSTargetTheLeakIsAssumedAndSaidSo() throws {
        for target in [[:], ["macos": "14"]] {
            let finding = try #require(try Self.sheetFinding(target: target))
            // The leak is said at the presentation, with why it is assumed (the message stays one line).
            #expect(Self.leakNotes(finding).map(\.path) == ["Presenters.swift"])
            #expect(Self.leakNotes(finding).first?.message.contains("presented with 'sheet' here: iOS 17.0–17.1 never free the 'SheetViewModel'") == true)
            #expect(Self.leakNotes(finding).first?.message.contains("give an iOS deployment target, so iOS 17.0–17.1 are assumed") == true)
        }
    }

    /// A project whose build files name only other platforms (a macOS app) gets no iOS claim; one that
    /// builds for iOS from 16.0 gets it with the detected target.
    @Test func theLeakNoteFollowsThePlatformsTheBuildFilesName() throws {
        func finding(_ target: DeploymentTarget) throws -> Diagnostic? {
            let settings = LintSettings(rules: [ViewOwnedReferenceRule.self], deploymentTarget: target)
            return Engine(settings: settings, jobs: 1).lint(files: try Self.viewOwnedReferenceFiles()).diagnostics
                .first { $0.message.hasPrefix("'SheetView' builds 'SheetViewModel'") }
        }
        let macOnly = try #require(try finding(DeploymentTarget(versions: ["macos": OSVersion(13)], platforms: ["macos"])))
        #expect(Self.leakNotes(macOnly).isEmpty)
        #expect(macOnly.severity == .warning, "the rebuilt-model finding itself stays")
        let iOSApp = try #require(try finding(DeploymentTarget(versions: ["ios": OSVersion(16)], platforms: ["ios", "macos"])))
        #expect(Self.leakNotes(iOSApp).first?.message.contains("the iOS deployment target is 16.0") == true)
    }

    @Test func belowIOS17Point2TheLeakIsNotedWithTheTarget() throws {
        for version in ["16.0", "17", "17.0", "17.1", "17.1.2"] {
            let finding = try #require(try Self.sheetFinding(target: ["ios": version]))
            #expect(Self.leakNotes(finding).count == 1, "\(version)")
            #expect(Self.leakNotes(finding).first?.message.contains("the iOS deployment target is \(OSVersion(version)!)") == true, "\(version)")
        }
    }

    @Test func atOrAboveIOS17Point2TheLeakNoteDisappears() throws {
        for version in ["17.2", "17.2.1", "17.10", "18.0"] {
            let finding = try #require(try Self.sheetFinding(target: ["ios": version]))
            #expect(!finding.message.contains("leak"), "\(version)")
            #expect(Self.leakNotes(finding).isEmpty, "\(version)")
            // The rebuilt-on-every-update finding itself stays, with its witness: the parent that builds the sheet again.
            #expect(finding.message.contains("each parent update makes a new one"), "\(version)")
            #expect(finding.notes.map(\.message) == ["'SheetViewModel' is an @Observable class with tracked state ('var title')",
                                                      "'HomeView.body' builds 'SheetView' again each time it updates, and each time a new 'SheetViewModel' is made"],
                    "\(version)")
            #expect(finding.severity == .warning)
        }
    }

    @Test func aPresentationThroughAHelperInAnotherFileIsNoted() throws {
        let settings = LintSettings(rules: [ViewOwnedReferenceRule.self])
        let report = Engine(settings: settings, jobs: 1).lint(files: try Self.viewOwnedReferenceFiles())
        let finding = try #require(report.diagnostics.first { $0.message.hasPrefix("'HelperPresentedView'") })
        let note = try #require(Self.leakNotes(finding).first)
        #expect(note.message.contains("presented with 'fullScreenCover'"))
        #expect(note.path == "Presenters.swift")
        let presenters = try #require(try Self.viewOwnedReferenceFiles().first { $0.path == "Presenters.swift" })
        #expect(presenters.text(note.range) == "cover", "the note points at the helper's call in the cover's content")
        // Views that are never presented get no leak note.
        let profile = try #require(report.diagnostics.first { $0.message.hasPrefix("'ProfileView'") })
        #expect(Self.leakNotes(profile).isEmpty && !profile.message.contains("leak"))
    }

    @Test func fixItsOwnTheObjectWithTheRightWrapper() throws {
        let source = """
            import SwiftUI
            @Observable final class Model { var value = 0 }
            final class Store: ObservableObject { @Published var value = 0 }
            struct V: View {
                let model = Model()
                public let store = Store()
                @ObservedObject var observed = Store()
                @Bindable var bound = Model()
                var body: some View { Text("\\(model.value) \\(store.value)") }
            }
            """
        let file = SourceFile(path: "V.swift", text: source)
        let report = Engine(rules: [ViewOwnedReferenceRule.self, ObservedObjectOwnedRule.self], jobs: 1).lint(files: [file])
        var fixed: [String] = []
        for d in report.diagnostics {
            let fix = try #require(d.fix)
            #expect(!fix.isSafe, "changing the wrapper changes who may pass the value in: a suggestion")
            var text = Array(source.utf8)
            for edit in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                text.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
            }
            let line = String(decoding: text, as: UTF8.self).split(separator: "\n")[LineTable(file.bytes).location(of: d.range.lowerBound).line - 1]
            fixed.append(line.trimmingCharacters(in: .whitespaces))
        }
        #expect(fixed == [
            "@State private var model = Model()",
            "@StateObject public var store = Store()",
            "@StateObject private var observed = Store()",
            "@State private var bound = Model()",
        ])
    }

    /// No witness, no warning: an `@ObservedObject` that makes its own object is a warning when a parent's
    /// update builds the view again (the note names it), silent when every call builds it once, info when
    /// the project never builds it.
    @Test func anObservedObjectThatMakesItsOwnIsWitnessedByARebuildingParent() throws {
        let files = [SourceFile(path: "Views.swift", text: """
            import SwiftUI
            import UIKit
            final class Tally: ObservableObject { @Published var count = 0 }
            struct Rebuilt: View { @ObservedObject var tally = Tally(); var body: some View { Text("\\(tally.count)") } }
            struct Once: View { @ObservedObject var tally = Tally(); var body: some View { Text("\\(tally.count)") } }
            struct Unbuilt: View { @ObservedObject var tally = Tally(); var body: some View { Text("\\(tally.count)") } }
            struct Parent: View {
                @State private var shown: AnyView?
                var body: some View {
                    Rebuilt()
                    Button("Open") { shown = AnyView(Once()) }
                }
            }
            final class Coordinator {
                func start(_ navigation: UINavigationController) { navigation.pushViewController(UIHostingController(rootView: Once()), animated: true) }
            }
            """)]
        let report = Engine(rules: [ObservedObjectOwnedRule.self], jobs: 1).lint(files: files)
        func finding(_ view: String) -> Diagnostic? { report.diagnostics.first { $0.message.contains("in '\(view)'") } }
        let rebuilt = try #require(finding("Rebuilt"))
        #expect(rebuilt.severity == .warning)
        #expect(rebuilt.notes.map(\.message) == ["'Parent.body' builds 'Rebuilt' again each time it updates, and each time a new 'Tally' is made"])
        #expect(finding("Once") == nil)
        #expect(finding("Unbuilt")?.severity == .info)
    }
}
