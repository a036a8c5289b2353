import StatelintAnalysis
import StatelintDiagnostics
import StatelintSyntax

/// Flags a view that builds a reference-type model into a plain stored property (`let vm = VM()`, or
/// `self.vm = VM()` in `init`): it is rebuilt on every update of the parent and its state is lost; and, on
/// iOS 17.0–17.1, a presented view leaks it after dismissal.
public struct ViewOwnedReferenceRule: Rule {
    public static let descriptor = RuleDescriptor(
        id: "view_owned_reference",
        name: "ViewOwnedReference",
        summary: "Flags a view that creates a stateful model object (an `@Observable` class, an `ObservableObject`, or a class with mutable state) in a plain stored property; notes the iOS 17.0–17.1 leak when the view is presented.",
        rationale: """
            A view is a value SwiftUI re-creates every time its parent's body runs. A plain stored property \
            initialized with a new object (`let viewModel = ViewModel()`, `= .init()`, or `self.viewModel = \
            ViewModel(…)` in `init`) is therefore a new object on every parent update: whatever the old one \
            held is lost, work it started is repeated, and with a plain property nothing observes it either. \
            Own the model with `@State private var` (an `@Observable` class, or any class whose identity \
            must survive updates) or `@StateObject private var` (an `ObservableObject`), or pass an existing \
            instance in.

            Only models with state are flagged: classes the project declares that are `@Observable`, \
            `ObservableObject`s, or have a stored `var` (or keep such an object in a `let`). Stateless \
            helpers (formatters, a class with only `let`s of value type), value types, framework types, \
            injected references, `static` storage, configuration boxes the view's own modifier methods \
            fill (`func tint(_:) -> Self`), helpers keyed to the view's own type (`Inspection<Self>()`, \
            ViewInspector's test hook), and views the project only builds once per call (a hosting \
            controller's root, an action or `onAppear` closure, a class's code, a static factory) are not. \
            The witness, named in a note, is a parent whose updates build the view again; a view the \
            project never builds is reported at info.

            Presentation leak: on iOS 17.0 and 17.1, a view presented with `sheet`, \
            `fullScreenCover` or `popover` that holds a class instance in a plain stored property keeps \
            that instance alive after it is dismissed (SwiftUI's presentation storage retains it; fixed in \
            iOS 17.2). When the view is presented anywhere in the project (directly, or through a helper \
            member called in the presentation's content) and the iOS deployment target is below 17.2, the \
            finding for a model built at the declaration says so in a note at each presentation (one built \
            in the view's `init` is reported without the note). The deployment target is `.lintrc`'s \
            `deployment_target`, else what the project's build files say (an Xcode project's \
            `IPHONEOS_DEPLOYMENT_TARGET`, a package's `platforms:`). Without one, statelint assumes \
            17.0–17.1 may be supported and says so; with 17.2 or later, or in a project whose build files \
            name only other platforms (a macOS app), the leak note is left out.

            A service the view only calls one method on (in actions, or its other methods) and whose state \
            it never reads — an API client, a logger — loses nothing the view shows when it is made again: \
            no finding, unless a presentation leaks it on iOS 17.0–17.1 (then `info`, with a note). Calling \
            two of its methods (`play`, then `stop`) counts on one instance.

            **Fix safety**: the fix (keeping the object in `@State` or `@StateObject`) changes who may pass \
            it in, so it is offered in editors but not applied by `--fix`.
            """,
        badExamples: [
            """
            struct SheetView: View {
                private let viewModel = SheetViewModel() // expect: view_owned_reference
                var body: some View { Text(viewModel.title) }
            }

            @Observable final class SheetViewModel {
                var title = ""
            }
            """,
        ],
        goodExamples: [
            """
            struct SheetView: View {
                @State private var viewModel = SheetViewModel()
                private let formatter = DateFormatter()
                let injected: SheetViewModel
                var body: some View { Text(viewModel.title) }
            }

            @Observable final class SheetViewModel {
                var title = ""
            }
            """,
        ],
        defaultSeverity: .warning,
        tags: ["swiftui", "state", "ownership", "memory"],
        precision: "high")

    public init() {}

    public static let projectFacts: Set<ProjectFact> = [.presentations, .memberTypes, .forwardedState]

    /// Presentations are needed only for views that may build a model into a plain property: one with a
    /// stored member of a non-standard type, no known wrapper, and an initial value. (A model built in the
    /// view's `init` is reported without the leak note: most views with an `init` only take their inputs,
    /// and waiting for sites in all of them would cost every run.)
    public static func wantsConstructionSites(of type: TypeFacts, in index: ProjectIndex) -> Bool {
        guard Ownership.isView(type) else { return false }
        return type.members.contains { entry in
            let m = entry.value
            return (m.kind == .storedVar || m.kind == .storedLet) && !m.isStatic && m.attributes.isEmpty && m.hasInitializer
                && type.memberTypes[entry.name] != nil
        }
    }

    public static func mayReport(in file: FileSummary, index: ProjectIndex) -> Bool {
        file.touchesSwiftUIType(index)
    }

    public func check(_ context: RuleContext) {
        let tree = context.tree
        var presentations: [String: [Presentation]] = [:]
        var reported = Set<String>()
        for (view, initial) in Ownership.initialValues(in: context) where !initial.throughStorage {
            let variable = initial.variable
            guard Ownership.isPlain(variable), !variable.modifiers.contains(.lazy),
                  let (written, call) = Ownership.construction(initial.expression, tree: tree, annotated: Ownership.annotation(variable, tree: tree)),
                  // `Inspection<Self>()`: a helper keyed to the view's own type (ViewInspector's test hook), not a model.
                  !tree.text(of: tree.callee(of: call)).filter({ !$0.isWhitespace }).contains("<Self>"),
                  let model = Ownership.facts(of: written, in: view, index: context.index),
                  let reason = Ownership.statefulReason(model, index: context.index),
                  !Ownership.isConfiguredByMethods(variable, in: context),
                  !Ownership.isOnlyWeaklyCaptured(variable, in: context),
                  reported.insert(view + "." + variable.name).inserted else { continue }
            // The witness: a call site a parent's update runs again. None in the project: info.
            let rebuilding = Ownership.rebuilding(of: view, index: context.index)
            if case .onlyOnce = rebuilding, initial.assignment == nil { continue }
            let shortView = Ownership.shortName(view)
            let shortType = Ownership.shortName(model.name)
            let wrapper = model.traits.contains(.observableObject) && !model.isObservable ? "@StateObject" : "@State"
            let message = "'\(shortView)' builds '\(shortType)' into the plain property '\(variable.name)'\(initial.assignment == nil ? "" : " in its init"): each parent update makes a new one, losing its state"
            // Why it has state to lose: a note at the property.
            var notes = [Note(range: tree.tokens[Int(variable.nameToken)].range, message: "'\(shortType)' is \(reason)")]
            var leaks = false
            // Only for a project that may run on iOS (a macOS-only app never gets an iOS claim).
            if context.deploymentTarget.mayTarget("ios") && !context.deploymentTarget.guarantees("ios", atLeast: OSVersion(17, 2)) {
                if presentations[view] == nil { presentations[view] = context.index.presentations(of: view) }
                let shown = presentations[view] ?? []
                if !shown.isEmpty {
                    let target = context.deploymentTarget.minimum("ios").map { "the iOS deployment target is \($0)" }
                        ?? "neither .lintrc nor the project's build files give an iOS deployment target, so iOS 17.0–17.1 are assumed"
                    // The leak goes in the notes, at each presentation (the message stays one line).
                    leaks = true
                    for presentation in shown.prefix(5) {
                        notes.append(Note(range: presentation.range,
                                          message: "presented with '\(presentation.modifier)' here: iOS 17.0–17.1 never free the '\(shortType)' after dismissal (fixed in iOS 17.2; \(target))",
                                          path: presentation.path == tree.file.path ? nil : presentation.path))
                    }
                }
            }
            var witness: [Note] = []
            if case .rebuilt(let site) = rebuilding { witness.append(Ownership.rebuiltNote(site, view: shortView, made: shortType)) }
            // A service the view only calls methods on: a new one each update loses nothing the view shows.
            // That is no finding at all, unless a presentation leaks it (iOS 17.0–17.1): then the leak is the
            // finding, at info.
            var service = false
            if let calls = Ownership.serviceCalls(variable, model: model, in: context) {
                guard leaks else { continue }
                service = true
                notes.append(Note(range: tree.tokens[Int(variable.nameToken)].range,
                                  message: calls.first.map { "the view only calls '\($0)()' on '\(variable.name)' and reads none of its state: a new one loses nothing the view shows" }
                                      ?? "the view never uses '\(variable.name)': no state it shows is lost"))
            }
            // Handed only to children that keep the first one in their own @State: a new one is ignored.
            if !service, let children = Ownership.keptByChildren(variable, in: context) {
                guard leaks else { continue }
                service = true
                notes.append(Note(range: tree.tokens[Int(variable.nameToken)].range,
                                  message: "'\(variable.name)' is only handed to '\(children.joined(separator: "', '"))', which keeps the first one in its own @State: a new one loses nothing the view shows"))
            }
            var fix: Fix?
            if initial.assignment == nil {
                // `private let vm = VM()` → `@State private var vm = VM()`.
                let access: Modifiers = [.private, .fileprivate, .internal, .public, .open, .package]
                let keyword = tree.tokens[Int(variable.keywordToken)]
                let replacement = variable.modifiers.isDisjoint(with: access) ? "private var" : "var"
                let first = tree[variable.node].firstToken
                // One edit when the declaration starts at `let` (an insertion and a replacement at one
                // offset would be ambiguous).
                var edits = [TextEdit(range: keyword.range, replacement: first == variable.keywordToken ? wrapper + " " + replacement : replacement)]
                if first != variable.keywordToken {
                    let start = Int(tree.tokens[Int(first)].start)
                    edits.insert(TextEdit(range: start..<start, replacement: wrapper + " "), at: 0)
                }
                fix = Fix(title: "Own it: '\(wrapper) private var \(variable.name)'", edits: edits, isSafe: false)
            } else {
                notes.insert(Note(range: tree.range(ofTokens: variable.keywordToken, variable.nameToken),
                                  message: "a plain stored property: nothing keeps the object from one view value to the next"), at: 0)
            }
            context.report(
                Ownership.calleeRange(call, tree: tree), message,
                help: "let the view own it: '\(wrapper) private var \(variable.name) = \(shortType)(…)' keeps one instance per view identity; or pass an existing instance in",
                notes: notes + witness, fix: fix, advisory: witness.isEmpty || service)
        }
    }
}
