import Foundation
import StatelintCore
import StatelintDiagnostics
import StatelintRules
import StatelintSyntax
import Testing

/// Findings a rule reports as advice (`advisory: true`) are at info whatever the rule's severity; the
/// rule's other findings keep it.
@Suite("Advisory findings")
struct AdvisoryFindingTests {
    /// The findings of one rule on one fixture of `TestInputs/`, linted alone.
    func lint(_ fixture: String, _ rule: any Rule.Type) throws -> LintReport {
        let text = try String(contentsOfFile: testInputs.appendingPathComponent(fixture).path, encoding: .utf8)
        let name = String(fixture.split(separator: "/").last ?? "")
        return Engine(rules: [rule], jobs: 1).lint(files: [SourceFile(path: name, text: text)])
    }

    @Test func aSharedObjectInStateIsInfoAndABuiltOneIsNot() throws {
        let path = testInputs.appendingPathComponent("state_injected_value/SharedObject.swift").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let files = [SourceFile(path: "SharedObject.swift", text: text)]
        for severity in [Severity.warning, .error] {
            var settings = LintSettings(rules: [StateInjectedValueRule.self])
            settings.runs[0].severity = severity
            let report = Engine(settings: settings, jobs: 1).lint(files: files)
            let shared = report.diagnostics.filter { $0.message.contains("object passed in: a later instance is ignored") }
            let built = report.diagnostics.filter { $0.message.contains("is built from") }
            #expect(shared.count == 2 && shared.allSatisfy { $0.severity == .info })
            #expect(built.count == 1 && built.allSatisfy { $0.severity == severity })
        }
    }

    @Test func aDiscardedWriteOfTheInitialValueIsInfoAndADroppedSeedAnError() throws {
        let report = try lint("state_write_in_init/Flagged.swift", StateWriteInInitRule.self)
        let same = report.diagnostics.filter { $0.message.hasPrefix("'isDirty = false'") }
        let dropped = report.diagnostics.filter { $0.message.hasPrefix("'text = title.uppercased()'") }
        // `@State private var isDirty = false` written `false` again: nothing the view shows is lost.
        #expect(same.count == 1 && same.allSatisfy { $0.severity == .info && $0.message.contains("nothing is lost") })
        #expect(dropped.count == 1 && dropped.allSatisfy { $0.severity == .error })
    }

    /// A dropped seed in a view nothing in the app builds (previews aside) is info, with a note saying no user
    /// reaches the view; a public view's is an error (a library's clients build it).
    @Test func aDroppedSeedInAViewNoUserReachesIsInfo() throws {
        let report = try lint("state_write_in_init/Unreached.swift", StateWriteInInitRule.self)
        let retired = report.diagnostics.filter { $0.message.contains("'RetiredBanner.init'") }
        let shared = report.diagnostics.filter { $0.message.contains("'SharedBanner.init'") }
        #expect(retired.count == 1 && retired.allSatisfy {
            $0.severity == .info && $0.notes.contains { $0.message.contains("nothing in the app builds 'RetiredBanner'") }
        }, "\(retired)")
        #expect(shared.count == 1 && shared.allSatisfy { $0.severity == .error && $0.notes.isEmpty }, "\(shared)")
        // `Settings.Toggle`, built as `Toggle()` inside `Settings`: reached.
        let nested = report.diagnostics.filter { $0.message.contains("'Toggle.init'") }
        #expect(nested.count == 1 && nested.allSatisfy { $0.severity == .error }, "\(nested)")
    }

    /// A nested view built by its simple name inside its outer type has that call as its caller: the outer
    /// view's changing @State is the witness.
    @Test func aNestedViewBuiltByItsSimpleNameHasItsCaller() throws {
        let report = try lint("state_injected_value/NestedViews.swift", StateInjectedValueRule.self)
        #expect(report.diagnostics.count == 1 && report.diagnostics.allSatisfy {
            $0.severity == .warning && $0.notes.contains { $0.message.contains("'Library.content'") }
        }, "\(report.diagnostics)")
    }

    /// A row's model built from a `ForEach` element (`PostRow(model: PostModel(post: post))`) names the data
    /// the element comes from as its witness, through a `switch` case that binds it and through a local; a
    /// row keyed by the whole value is a fresh identity (no note). The object kept in `@State` stays advice.
    @Test func aRowModelBuiltFromAnElementNamesTheData() throws {
        let report = try lint("state_injected_value/RowModels.swift", StateInjectedValueRule.self)
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
        let notes = report.diagnostics.first?.notes.map(\.message) ?? []
        #expect(report.diagnostics.allSatisfy { $0.severity == .info }, "\(report.diagnostics)")
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.contains { $0.contains("'TimelineView.body' builds a new 'model' from an element of 'timeline.phase' of its @State 'timeline'") }, "\(notes)")
        #expect(notes.contains { $0.contains("'PinnedView.body' builds a new 'model' from an element of 'timeline.pinned'") }, "\(notes)")
    }

    /// A private view only the file's previews build (`#Preview { Host() }`) is preview scaffolding: its
    /// `@State` is no witness (element-x-ios's mock timeline content warned).
    @Test func aPrivateViewOnlyPreviewsBuildIsNoCaller() throws {
        let report = try lint("state_injected_value/PreviewWrappers.swift", StateInjectedValueRule.self)
        let score = report.diagnostics.filter { $0.message.contains("'score'") }
        let level = report.diagnostics.filter { $0.message.contains("'level'") }
        #expect(score.count == 1 && score.allSatisfy { $0.severity == .info && $0.notes.contains { $0.message.contains("nothing in the app builds") } },
                "\(score)")
        #expect(level.count == 1 && level.allSatisfy { $0.severity == .warning && $0.notes.contains { $0.message.contains("'LevelHost.body'") } },
                "\(level)")
    }

    /// "its deinit never runs" is said of a class that has a deinit, and only of one.
    @Test func theDeinitIsNamedOnlyWhenTheClassHasOne() throws {
        let source = """
            import Foundation
            final class WithDeinit {
                var onChange: (() -> Void)?
                func start() { onChange = { self.reload() } }
                func reload() {}
                deinit { print("gone") }
            }
            final class WithoutDeinit {
                var onChange: (() -> Void)?
                func start() { onChange = { self.reload() } }
                func reload() {}
            }
            """
        let report = Engine(rules: [StoredClosureRetainsSelfRule.self], jobs: 1).lint(files: [SourceFile(path: "Cycles.swift", text: source)])
        let with = report.diagnostics.filter { $0.message.contains("'WithDeinit' is never released") }
        let without = report.diagnostics.filter { $0.message.contains("'WithoutDeinit' is never released") }
        #expect(with.count == 1 && with.allSatisfy { $0.message.contains("so its deinit never runs") }, "\(report.diagnostics.map(\.message))")
        #expect(without.count == 1 && without.allSatisfy { !$0.message.contains("deinit") }, "\(report.diagnostics.map(\.message))")
    }

    /// An inner closure's `[weak self]` makes the closure around it hold `self`: the note says that, not
    /// just "held strongly here" at a `[weak self]`; a plain strong use keeps the plain note.
    @Test func aWeakSelfOfAnInnerClosureIsExplainedAsTheOuterClosuresCapture() throws {
        let source = """
            import Foundation
            final class ClipPlayer {
                var looping = false
                func prepare(item: AnyObject) {
                    NotificationCenter.default.addObserver(forName: .init("end"), object: item, queue: .main) { _ in
                        Task { @MainActor [weak self] in
                            self?.replay()
                        }
                    }
                }
                func replay() {}
            }
            final class ClipRecorder {
                func prepare(item: AnyObject) {
                    NotificationCenter.default.addObserver(forName: .init("end"), object: item, queue: .main) { _ in
                        self.stop()
                    }
                }
                func stop() {}
            }
            """
        let report = Engine(rules: [StoredClosureRetainsSelfRule.self], jobs: 1).lint(files: [SourceFile(path: "Players.swift", text: source)])
        let player = report.diagnostics.filter { $0.message.contains("'ClipPlayer'") }
        let recorder = report.diagnostics.filter { $0.message.contains("'ClipRecorder'") }
        #expect(player.count == 1 && player.allSatisfy { finding in
            finding.notes.contains { $0.message.contains("held strongly by the closure around this one") }
                && !finding.notes.contains { $0.message == "'self' is held strongly here" }
        }, "\(player)")
        #expect(recorder.count == 1 && recorder.allSatisfy { finding in
            finding.notes.contains { $0.message == "'self' is held strongly here" }
        }, "\(recorder)")
    }

    @Test func aCycleInAnObjectThatLivesAsLongAsTheAppIsInfo() throws {
        let report = try lint("stored_closure_retains_self/AppLifetime.swift", StoredClosureRetainsSelfRule.self)
        func severities(_ type: String) -> [Severity] {
            report.diagnostics.filter { $0.message.contains("'\(type)' is never released") }.map(\.severity)
        }
        #expect(severities("AnalyticsHelper") == [.info])
        #expect(severities("AppDelegate") == [.info])
        #expect(severities("Session") == [.warning])
    }

    @Test func whatASceneBuildsWhenItConnectsIsInfoAndWhatItBuildsPerURLAWarning() throws {
        let report = try lint("stored_closure_retains_self/SceneLaunch.swift", StoredClosureRetainsSelfRule.self)
        func severities(_ type: String) -> [Severity] {
            report.diagnostics.filter { $0.message.contains("'\(type)' is never released") }.map(\.severity)
        }
        #expect(severities("LaunchRootCoordinator") == [.info], "\(report.diagnostics)")
        #expect(severities("LaunchDeepLinkHandler") == [.warning], "\(report.diagnostics)")
    }

    @Test func aServiceTheContainerKeepsForTheAppIsInfoAndAnUnscopedOneAWarning() throws {
        let report = try lint("subscription_retains_self/ContainerScopes.swift", SubscriptionRetainsSelfRule.self)
        func findings(_ type: String) -> [Diagnostic] { report.diagnostics.filter { $0.message.contains("'\(type)' is never released") } }
        // Factory's `.singleton` and Swinject's `.inObjectScope(.container)`: named in a note.
        #expect(findings("LaunchAgentBridge").map(\.severity) == [.info])
        #expect(findings("LaunchAgentBridge").first?.notes.contains { $0.message.contains("'MenuBarAppDelegate.init' builds this") } == true)
        for type in ["SessionDirectory", "MediaUploadDirectory", "ReceiptCache", "AuditTrail", "CatalogStore"] {
            #expect(findings(type).map(\.severity) == [.info], "\(type)")
            #expect(findings(type).first?.notes.contains { $0.message.contains("dependency container") } == true, "\(type)")
        }
        #expect(findings("ThumbnailLoader").map(\.severity) == [.warning])
        #expect(findings("DraftPool").map(\.severity) == [.warning], "Resolver's .shared scope holds it weakly: one per use")
    }

    @Test func anAdvisoryRuleWarnsWhenItsFindingHasAWitness() throws {
        let path = testInputs.appendingPathComponent("task_in_onappear/Looping.swift").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let file = SourceFile(path: "Looping.swift", text: text)
        // A loop that outlives the view is the witness: warning; a task that ends by itself stays info.
        let report = Engine(rules: [TaskInOnappearRule.self], jobs: 1).lint(files: [file])
        #expect(report.diagnostics.map(\.severity) == [.warning, .warning, .info], "\(report.diagnostics)")
        #expect(report.diagnostics[0].notes.contains { $0.message.contains("this loop goes on after the view disappears") })
        // A severity the configuration sets is kept.
        var settings = LintSettings(rules: [TaskInOnappearRule.self])
        settings.runs[0].severity = .info
        let configured = Engine(settings: settings, jobs: 1).lint(files: [file])
        #expect(configured.diagnostics.map(\.severity) == [.info, .info, .info])
    }

    /// Every finding either offers `.task { }` or says why it does not.
    @Test func aTaskInOnAppearOffersItsFixOrSaysWhyNot() throws {
        let text = """
            import SwiftUI
            struct FixShapes: View {
                let model: FixShapesModel
                var body: some View {
                    VStack {
                        Text("a").onAppear { Task { await model.load() } }
                        Text("b").onAppear { model.count += 1; Task { await model.load() } }
                        Text("c").onAppear { Task(priority: .low) { await model.load() } }
                        Text("d").onAppear(perform: { Task { await model.load() } })
                    }
                }
            }
            """
        let report = Engine(rules: [TaskInOnappearRule.self], jobs: 1).lint(files: [SourceFile(path: "FixShapes.swift", text: text)])
        #expect(report.diagnostics.count == 4, "\(report.diagnostics)")
        for finding in report.diagnostics {
            #expect((finding.fix != nil) != (finding.help?.contains("no automatic fix: ") == true), "\(finding)")
        }
        #expect(report.diagnostics.first?.fix != nil)
        #expect(report.diagnostics.dropFirst().allSatisfy { $0.help?.contains("by hand") == true }, "\(report.diagnostics)")
        #expect(report.diagnostics[1].help?.contains("does more than start this task") == true)
    }

    /// What picks the branch or the collection is no witness: rows in an `if isList` branch go when it
    /// changes, a search query only picks which elements show, and a state read through non-mutating
    /// methods (`release.version.compare(…)`) never changes.
    @Test func branchesFiltersAndReadsAreNoWitness() throws {
        let report = try lint("state_injected_value/BranchesAndFilters.swift", StateInjectedValueRule.self)
        #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
        let entry = try #require(report.diagnostics.first)
        #expect(entry.message.contains("'EntryRow'"))
        #expect(entry.severity == .info)
        #expect(!entry.notes.contains { $0.message.contains("query") }, "\(entry.notes)")
    }

    @Test func aHostingRootSetAgainIsTheWitness() throws {
        let report = try lint("state_injected_value/HostingRootReassigned.swift", StateInjectedValueRule.self)
        // (Set straight, and through a local that is also a new controller's first root.)
        #expect(report.diagnostics.map(\.severity) == [.warning, .warning], "\(report.diagnostics)")
        #expect(report.diagnostics.first?.message.contains("'ScoreBadgeView'") == true, "\(report.diagnostics)")
        #expect(report.diagnostics.last?.message.contains("'PageTextView'") == true, "\(report.diagnostics)")
        #expect(report.diagnostics.last?.notes.first?.message.hasPrefix("'PageTextCell.setPage' sets a new root view on a hosting controller here, with a new 'text'") == true)
    }

    /// A warning needs the loop: work the init starts writes the property it read, later, so each throwaway
    /// model a re-render builds re-renders the view again. A print, or a write during init, is advice.
    @Test func anInitReadWithoutALaterWriteIsAdvice() throws {
        let text = """
            import Observation
            @Observable final class QuietCounter {
                var count = 0
                var label = ""
                init() { label = "\\(count)" }
            }
            @Observable final class NoisyCounter {
                var count = 0
                init() { print(count) }
            }
            @Observable final class ListCounter {
                var rows: [Int] = []
                init(more: [Int]) { rows.append(contentsOf: more) }
            }
            @Observable final class LoopingCounter {
                var count = 0
                init() {
                    print(count)
                    Task { count += 1 }
                }
            }
            @Observable final class FetchingList {
                var rows: [Int] = []
                init() { reload() }
                func reload() {
                    guard rows.isEmpty else { return }
                    Task { await fill() }
                }
                func fill() async { rows = [1] }
            }
            @Observable final class PrivateLoader {
                private(set) var items: [Int] = []
                var title = ""
                init() {
                    title = "\\(items.count)"
                    Task { self.items = [1] }
                }
            }
            @Observable final class Searcher {
                var results: [String] = []
                init() {
                    print(results.count)
                    Task { if results.contains("x") { print(results.sorted()) } }
                }
            }
            @Observable final class Shelf {
                var books: [Int] = []
                init(seed: [Int]) {
                    print(books.count)
                    seed.forEach(add)
                }
                func add(_ book: Int) { books.append(book) }
            }
            """
        let report = Engine(rules: [ObservableInitAccessRule.self], jobs: 1).lint(files: [SourceFile(path: "Counters.swift", text: text)])
        func findings(_ type: String) -> [Diagnostic] { report.diagnostics.filter { $0.message.hasPrefix("'\(type).init'") } }
        #expect(findings("QuietCounter").map(\.severity) == [.info], "\(report.diagnostics)")
        #expect(findings("QuietCounter").first?.notes.contains { $0.message.contains("re-renders once when 'count' changes") } == true)
        #expect(findings("NoisyCounter").map(\.severity) == [.info], "\(report.diagnostics)")
        #expect(findings("ListCounter").map(\.severity) == [.info], "\(report.diagnostics)")
        #expect(findings("LoopingCounter").map(\.severity) == [.warning], "\(report.diagnostics)")
        #expect(findings("LoopingCounter").first?.notes.contains { $0.message.contains("writes 'count' here later") } == true)
        let fetching = findings("FetchingList")
        #expect(fetching.map(\.severity) == [.warning], "\(report.diagnostics)")
        #expect(fetching.first?.notes.contains { $0.message.contains("writes 'rows' here later (through 'reload()', 'fill()')") } == true,
                "\(fetching.first?.notes.map(\.message) ?? [])")
        // A property only the init's own task changes is still written later.
        #expect(findings("PrivateLoader").map(\.severity) == [.warning], "\(report.diagnostics)")
        // Reading it in the task (`contains`, `sorted`) writes nothing; a method `forEach` runs now runs during init.
        #expect(findings("Searcher").map(\.severity) == [.info], "\(report.diagnostics)")
        #expect(!findings("Shelf").isEmpty && findings("Shelf").allSatisfy { $0.severity == .info }, "\(report.diagnostics)")
    }

    @Test func aCycleAnotherMethodBreaksIsInfoWithTheRelease() throws {
        let report = try lint("stored_closure_retains_self/Managed.swift", StoredClosureRetainsSelfRule.self)
        let managed = report.diagnostics.filter { $0.message.contains("lives until 'stop()'") }
        let leaked = report.diagnostics.filter { $0.message.contains("never released") }
        #expect(managed.count == 1 && managed.allSatisfy { $0.severity == .info })
        #expect(managed.first?.notes.contains { $0.message.contains("'timer' is released here") } == true)
        #expect(leaked.count == 1 && leaked.allSatisfy { $0.severity == .warning })
    }

    @Test func anObservableBuiltOnlyAsASingletonIsInfo() throws {
        let report = try lint("observable_init_access/Singleton.swift", ObservableInitAccessRule.self)
        func severities(_ type: String) -> [Severity] {
            report.diagnostics.filter { $0.message.hasPrefix("'\(type).init'") }.map(\.severity)
        }
        #expect(severities("AppSettings") == [.info, .info])
        #expect(severities("Clock") == [.info] && severities("Ledger") == [.info])
        #expect(severities("Cart") == [.warning] && severities("Draft") == [.warning])
        // Their inits start a load that writes what they read: the loop is the witness, named in a note.
        let cart = report.diagnostics.first { $0.message.hasPrefix("'Cart.init'") }
        #expect(cart?.notes.contains { $0.message.contains("writes 'items' here later") } == true)
        // The singleton's site is named.
        let settings = report.diagnostics.first { $0.message.hasPrefix("'AppSettings.init'") }
        #expect(settings?.notes.contains { $0.message.contains("built only here, once") } == true)
    }
}

/// One root cause, one finding: closures kept in one object `self` owns, or in one collection, close the
/// same cycle, and are reported once with a note per other closure.
@Suite("One finding per root cause")
struct RootCauseTests {
    @Test func closuresOnOneOwnedObjectAreOneFinding() throws {
        let file = SourceFile(path: "Detail.swift", text: """
            import UIKit
            final class BorderView: UIView { var getBorderColor: (() -> UIColor)?; var getBgColor: (() -> UIColor)? }
            final class DetailController: UIViewController {
                var tint = UIColor.red
                let messageView = BorderView()
                let otherView = BorderView()
                override func viewDidLoad() {
                    messageView.getBorderColor = { self.tint }
                    messageView.getBgColor = { self.tint }
                    otherView.getBgColor = { self.tint }
                }
            }
            """)
        let report = Engine(rules: [StoredClosureRetainsSelfRule.self], jobs: 1).lint(files: [file])
        #expect(report.diagnostics.count == 2, "\(report.diagnostics.map(\.message))")
        let first = try #require(report.diagnostics.first)
        #expect(first.message.contains("'messageView.getBorderColor'"), "\(first.message)")
        let same = first.notes.filter { $0.message.contains("closes the same cycle") }
        #expect(same.map(\.message) == ["the closure stored in 'messageView.getBgColor' closes the same cycle"])
        // The note points at the other closure's line.
        #expect(file.text(same[0].range).hasPrefix("messageView"), "\(file.text(same[0].range))")
        #expect(report.diagnostics.last?.message.contains("'otherView.getBgColor'") == true)
    }
}

/// A message is one sentence a person reads in an editor's hover: at most about 160 characters (the chain,
/// the witness, the callers and the fix go in notes and help).
@Suite("Message length")
struct MessageLengthTests {
    @Test func everyMessageOnTheFixturesIsAtMost160Characters() throws {
        let paths = try Discovery.swiftFiles(in: [testInputs.path])
        let report = Engine(settings: .defaults, jobs: 2).lint(paths: paths)
        #expect(report.diagnostics.count > 100)
        let long = report.diagnostics.filter { $0.message.count > 160 }
        #expect(long.isEmpty, "\(long.count) messages over 160 characters:\n\(long.map { "\($0.message.count) [\($0.ruleID)] \($0.message)" }.joined(separator: "\n"))")
    }
}
