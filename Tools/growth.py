#!/usr/bin/env python3
"""growth.py: how statelint's time grows with each input family (a benchmark: it prints, never asserts,
unless --check is given).

usage: Tools/growth.py [--binary PATH] [--scale N] [--small] [--repeat N] [--only FAMILY,...] [--list]
                       [--check] [--timeout S]

For each family of input that can grow it writes a project of N copies of one shape, and one of 8N
copies, under /tmp/statelint-growth, runs `statelint --quiet --format xcode --jobs 1 --enable
unused_suppression` on each (best of --repeat, default 3) and prints both times, their ratio and the
findings at 8N. Linear cost gives a ratio near 8 (less when fixed costs such as process start weigh in);
quadratic cost gives near 64. The families (issue 26): the size of a file, types per file, members per
type, extensions across files, call chains, modifier chains, nesting, the number of files; for every
rule, N copies of a shape the rule reports, in one file (most quadratic shapes are quadratic only when
the copies share a file); call sites across files; retain cycles of several kinds in one file; `?` marks
of one type; used suppressions in one file; nested `#if` levels in a view body; members a view body
reaches; reads of a model in one GeometryReader; every report format at N and 8N findings, in one file and
across files, and the language server's publish of one file's N and 8N findings. The base sizes make the 8N case of a linear family take about 0.3-2 s on the 2-core
development machine (release build).

--scale multiplies every size (default 1); --small divides them by 4 (for CI: the 8N case of a linear
family still takes over ~0.1 s, so process start does not hide the ratio). A run is killed after
--timeout seconds (default 60) and counted as a failure. --list prints the families and their rules.

--check makes it a test: it exits 1, naming each family, when a ratio exceeds 16, an 8N run exceeds
10 s, a run times out or fails (exit status other than 0 or 1), or a rule's family no longer yields that rule's
finding. A family that fails on time is measured once more (best of both) before it counts, so one
slow moment of a busy machine does not fail it.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, time

ROOT = "/tmp/statelint-growth"
FACTOR = 8             # the large size is FACTOR times the small one
MAX_RATIO = 16         # --check: twice linear
MAX_LARGE_SECONDS = 10 # --check: the 8N case
SLOW = 10.0            # a run slower than this is not repeated (it already says enough)

def view(i, extra=""):
    return f"struct V{i}: View {{\n    @State private var count = {i}\n    var body: some View {{\n        Text(\"{i}\"){extra}\n    }}\n}}\n"

# --- sizes and shapes -------------------------------------------------------------------------------

def family_file_size(n):      # one file of n small views and functions (size grows, types grow too)
    return {"F.swift": "import SwiftUI\n" + "".join(view(i) + f"func f{i}(_ x: Int) -> Int {{ x + {i} }}\n" for i in range(n))}

def family_types(n):          # n tiny types in one file
    return {"F.swift": "".join(f"struct T{i} {{ let v = {i} }}\n" for i in range(n))}

def family_members(n):        # one @Observable class with n stored properties and an init reading them
    props = "".join(f"    var p{i} = {i}\n" for i in range(n))
    return {"M.swift": "import Observation\n@Observable final class M {\n" + props + "    init() {\n        _p0 = 1\n    }\n}\n"}

def family_extensions(n):     # one @Observable class extended in n files
    files = {"M.swift": "import Observation\n@Observable final class M {\n    var count = 0\n    init() { count = 1 }\n}\n"}
    for i in range(n):
        files[f"E{i}.swift"] = f"extension M {{\n    func f{i}() -> Int {{ count + {i} }}\n}}\n"
    return files

def family_call_chain(n):     # an @Observable init calling a chain of n methods
    methods = "".join(f"    func m{i}() {{ m{i + 1}() }}\n" for i in range(n)) + f"    func m{n}() {{ _ = count }}\n"
    return {"M.swift": "import Observation\n@Observable final class M {\n    var count = 0\n    init() { m0() }\n" + methods + "}\n"}

def family_modifiers(n):      # one view with a modifier chain of n links
    return {"V.swift": "import SwiftUI\n" + view(0, "".join(f".padding({i % 7})" for i in range(n)))}

def family_nesting(n):        # closures nested n deep (below the parser's 128-level cap: n/100 groups)
    depth = 60
    block = "".join("    " * d + "do {\n" for d in range(depth)) + "    " * depth + "let x = 1\n" + "".join("    " * d + "}\n" for d in reversed(range(depth)))
    return {"N.swift": "func f() {\n" + block * n + "}\n"}

def family_files(n):          # n small files, each a view and a model
    return {f"Dir{i % 50}/F{i}.swift": "import SwiftUI\n" + view(i) for i in range(n)}

# --- one family per rule: n copies of a shape the rule reports, in one file -------------------------

def rule_observable_ignored_candidate(n):   # n @Observable classes, each tracking a Task handle
    return {"F.swift": "import Observation\n" + "".join(
        f"@Observable final class M{i} {{\n    var count = {i}\n    var task: Task<Void, Never>?\n}}\n" for i in range(n))}

def rule_observable_init_access(n):         # n @Observable classes whose init reads a tracked property
    return {"F.swift": "import Observation\n" + "".join(
        f"@Observable final class M{i} {{\n    var count = {i}\n    var history: [Int] = []\n"
        f"    init(count: Int) {{\n        self.count = count\n        print(\"init \\(self.count)\")\n    }}\n}}\n" for i in range(n))}

def rule_observable_read_in_geometry_reader(n):  # n views, each a GeometryReader reading a model at scroll rate
    return {"F.swift": "import SwiftUI\nimport Observation\n@Observable final class Feed {\n    var title = \"\"\n}\n" + "".join(
        f"struct Header{i}: View {{\n    let model: Feed\n    var body: some View {{\n        GeometryReader {{ proxy in\n"
        f"            Text(model.title)\n                .offset(y: proxy.frame(in: .global).minY + {i})\n        }}\n    }}\n}}\n" for i in range(n))}

def rule_observation_tracking_one_shot(n):  # n classes observing once
    return {"F.swift": "import Observation\n@Observable final class Counter {\n    var count = 0\n}\n" + "".join(
        f"final class Label{i} {{\n    let model: Counter\n    var text = \"\"\n    init(model: Counter) {{ self.model = model }}\n"
        f"    func observe() {{\n        withObservationTracking {{\n            text = \"\\(model.count) {i}\"\n"
        f"        }} onChange: {{\n            print(\"changed {i}\")\n        }}\n    }}\n}}\n" for i in range(n))}

def rule_observed_object_owned(n):          # n views whose @ObservedObject builds its own model
    return {"F.swift": "import SwiftUI\nimport Combine\nfinal class CounterModel: ObservableObject {\n    @Published var count = 0\n}\n" + "".join(
        f"struct Counter{i}: View {{\n    @ObservedObject var model = CounterModel()\n"
        f"    var body: some View {{\n        Button(\"\\(model.count) {i}\") {{ model.count += 1 }}\n    }}\n}}\n" for i in range(n))}

def rule_print_changes_leftover(n):         # n views with Self._printChanges() in body
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"struct Peach{i}: View {{\n    var body: some View {{\n        let _ = Self._printChanges()\n        Text(\"{i}\")\n    }}\n}}\n" for i in range(n))}

def rule_state_closure_captures_view(n):    # n views keeping a closure that captures the view in @State
    return {"F.swift": "import SwiftUI\nfinal class Box {\n    let value = 0\n}\n" + "".join(
        f"struct Leaky{i}: View {{\n    let object = Box()\n    @State private var handler: (() -> Void)?\n"
        f"    var body: some View {{\n        Text(\"{i}\")\n            .onAppear {{\n                handler = {{ _ = object }}\n"
        f"            }}\n    }}\n}}\n" for i in range(n))}

def rule_state_eager_object_init(n):        # n views whose @State model's init prints
    return {"F.swift": "import SwiftUI\nimport Observation\n" + "".join(
        f"@Observable final class Feed{i} {{\n    var items: [String] = []\n    init() {{\n        print(\"Feed{i}.init\")\n    }}\n}}\n"
        f"struct FeedView{i}: View {{\n    @State private var model = Feed{i}()\n    var body: some View {{ Text(\"\\(model.items.count)\") }}\n}}\n"
        for i in range(n))}

def child_view(i):
    return f"struct Child{i}: View {{\n    @State var count: Int\n    var body: some View {{ Text(\"\\(count)\") }}\n}}\n"

def parent_view(i):                          # passes its own changing @State to Child{i}
    return (f"struct Parent{i}: View {{\n    @State private var value = {i}\n    var body: some View {{\n"
            f"        Child{i}(count: value)\n            .onTapGesture {{ value += 1 }}\n    }}\n}}\n")

def rule_state_injected_value(n):           # n views seeded from a parameter, each built by a parent whose @State changes
    return {"F.swift": "import SwiftUI\n" + "".join(child_view(i) + parent_view(i) for i in range(n))}

def rule_state_write_in_init(n):            # n views writing @State in init
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"struct Counter{i}: View {{\n    @State private var count = 0\n    init(start: Int) {{\n        self.count = start + {i}\n    }}\n"
        f"    var body: some View {{ Text(\"\\(count)\") }}\n}}\n" for i in range(n))}

def rule_stored_closure_retains_self(n):    # n classes keeping a repeating Timer whose block holds self
    return {"F.swift": "import Foundation\n" + "".join(
        f"final class Player{i} {{\n    private var timer: Timer?\n    var position = 0.0\n    init() {{\n"
        f"        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) {{ _ in\n            self.position += {i}\n"
        f"        }}\n    }}\n    deinit {{ timer?.invalidate() }}\n}}\n" for i in range(n))}

def rule_subscription_retains_self(n):      # n classes storing a sink that holds self
    return {"F.swift": "import Combine\nfinal class Counter: ObservableObject {\n    @Published var count = 0\n}\n" + "".join(
        f"final class Settings{i}: ObservableObject {{\n    let counter = Counter()\n    private var cancellables = Set<AnyCancellable>()\n"
        f"    init() {{\n        counter.objectWillChange.sink {{ _ in\n            self.objectWillChange.send()\n"
        f"        }}.store(in: &cancellables)\n    }}\n}}\n" for i in range(n))}

def rule_task_in_onappear(n):               # n views starting a Task in onAppear
    return {"F.swift": "import SwiftUI\nfinal class Profile {\n    var name = \"\"\n    func load() async {}\n}\n" + "".join(
        f"struct Profile{i}: View {{\n    let model: Profile\n    var body: some View {{\n        Text(model.name)\n"
        f"            .onAppear {{\n                Task {{ await model.load() }}\n            }}\n    }}\n}}\n" for i in range(n))}

def rule_observer_in_onappear(n):           # n views registering an observer in onAppear, half kept in state
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"struct Inbox{i}: View {{\n    @State private var token: NSObjectProtocol?\n    @State private var count = 0\n"
        f"    var body: some View {{\n        Text(\"\\(count)\")\n            .onAppear {{\n"
        + (f"                token = NotificationCenter.default.addObserver(forName: .init(\"n{i}\"), object: nil, queue: .main) {{ _ in count += 1 }}\n"
           if i % 2 else
           f"                _ = NotificationCenter.default.addObserver(forName: .init(\"n{i}\"), object: nil, queue: .main) {{ _ in count += 1 }}\n")
        + "            }\n    }\n}\n" for i in range(n))}

def family_registrations(n):  # one view whose onAppear registers n handlers, kept in one member, after a guard
    return {"F.swift": "import SwiftUI\nstruct Bus { func addHandler(_ h: @escaping () -> Void) -> Int { 0 } }\n"
            "struct Feed: View {\n    let bus: Bus\n    @State private var id = 0\n    var body: some View {\n        Text(\"x\")\n"
            "            .onAppear {\n                guard let first = Optional(1) else { return }\n" + "".join(
        f"                id = bus.addHandler {{ print({i}, first) }}\n" for i in range(n)) + "            }\n    }\n}\n"}

def family_onappear_helpers(n):  # one view whose n rows' onAppear closures each call a helper that calls the next, the last starting a looping task
    return {"F.swift": "import SwiftUI\nstruct Feed: View {\n    @State private var count = 0\n    var body: some View {\n        VStack {\n"
            + "".join(f"            Text(\"{i}\").onAppear {{ step{i}() }}\n" for i in range(n)) + "        }\n    }\n" + "".join(
        f"    private func step{i}() {{ step{i + 1}() }}\n" for i in range(n))
        + f"    private func step{n}() {{\n        Task {{\n            for await note in NotificationCenter.default.notifications(named: .init(\"n\")) {{\n"
        "                count = note.name.rawValue.count\n            }\n        }\n    }\n}\n"}

def family_state_callbacks(n):  # one view whose onAppear stores n closures capturing it in n states and n callbacks of one state
    return {"F.swift": "import SwiftUI\nstruct Hooks { " + "".join(f"var on{i}: (() -> Void)?; " for i in range(n)) + "}\n"
            "struct Panel: View {\n    let title = \"t\"\n    @State private var hooks = Hooks()\n"
            + "".join(f"    @State private var h{i}: (() -> Void)?\n" for i in range(n))
            + "    var body: some View {\n        Text(title)\n            .onAppear {\n"
            + "".join(f"                h{i} = {{ print(title) }}\n                hooks.on{i} = {{ print(title) }}\n" for i in range(n))
            + "            }\n    }\n}\n"}

def family_mirrors(n):  # n objects mirroring another's published value, each made by a view's init
    return {"F.swift": "import SwiftUI\nimport Combine\nfinal class Source: ObservableObject {\n    @Published var value = 0\n}\n" + "".join(
        f"final class Mirror{i}: ObservableObject {{\n    @Published var value = 0\n    init(source: Source) {{ source.$value.assign(to: &$value) }}\n}}\n"
        f"struct Row{i}: View {{\n    @ObservedObject private var mirror: Mirror{i}\n    init(source: Source) {{ mirror = Mirror{i}(source: source) }}\n"
        f"    var body: some View {{ Text(\"\\(mirror.value)\") }}\n}}\n" for i in range(n))}

def rule_task_retains_self(n):              # n classes storing a looping Task that holds self
    return {"F.swift": "import Foundation\n" + "".join(
        f"@MainActor final class Looper{i} {{\n    private var task: Task<Void, Never>?\n    var count = 0\n"
        f"    init(stream: AsyncStream<Int>) {{\n        task = Task {{\n            for await value in stream {{\n"
        f"                count = value + {i}\n            }}\n        }}\n    }}\n    deinit {{ task?.cancel() }}\n}}\n" for i in range(n))}

def rule_unused_suppression(n):             # n suppression comments that silence nothing (next line, this line, unknown rule, region)
    kinds = ["    // statelint:disable:next all\n    var body: some View {{ Text(\"{i}\") }}\n",
             "    var body: some View {{ Text(\"{i}\") }} // statelint:disable:this print_changes_leftover\n",
             "    // statelint:disable:next no_such_rule_{i}\n    var body: some View {{ Text(\"{i}\") }}\n",
             "    // statelint:disable task_retains_self\n    var body: some View {{ Text(\"{i}\") }}\n    // statelint:enable task_retains_self\n"]
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"struct Row{i}: View {{\n" + kinds[i % len(kinds)].format(i=i) + "}\n" for i in range(n))}

def rule_view_owned_reference(n):           # n views building a model in a plain property, each presented by the previous one
    return {"F.swift": "import SwiftUI\nimport Observation\n@Observable final class SheetModel {\n    var title = \"\"\n}\n" + "".join(
        f"struct Sheet{i}: View {{\n    private let viewModel = SheetModel()\n    @State private var shown = false\n"
        f"    var body: some View {{\n        Text(viewModel.title)\n            .sheet(isPresented: $shown) {{ Sheet{(i + 1) % n}() }}\n    }}\n}}\n"
        for i in range(n))}

# --- more shapes ------------------------------------------------------------------------------------

def family_call_sites(n):     # n seeded views in one file, each built by a parent in a file of its own
    files = {"Children.swift": "import SwiftUI\n" + "".join(child_view(i) for i in range(n))}
    for i in range(n):
        files[f"Parents{i % 50}/P{i}.swift"] = "import SwiftUI\n" + parent_view(i)
    return files

def family_retain_cycles(n):  # n classes in one file, each holding itself through a different kind of kept closure
    kinds = [
        "    private var timer: Timer?\n    init() {{\n        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) {{ _ in self.tick() }}\n    }}\n",
        "    private var token: NSObjectProtocol?\n    init() {{\n        token = NotificationCenter.default.addObserver(forName: .init(\"n{i}\"), object: nil, queue: nil) {{ _ in self.tick() }}\n    }}\n",
        "    lazy var handler: () -> Void = {{ self.tick() }}\n",
        "    var onChange: (() -> Void)?\n    init() {{\n        onChange = {{ self.tick() }}\n    }}\n",
        "    var handlers: [() -> Void] = []\n    init() {{\n        handlers.append {{ self.tick() }}\n    }}\n",
        "    let child = Child()\n    init() {{\n        child.onEvent = {{ self.tick() }}\n    }}\n",
        "    private var work: DispatchWorkItem?\n    init() {{\n        work = DispatchWorkItem {{ self.tick() }}\n    }}\n",
        "    let subject = PassthroughSubject<Int, Never>()\n    private var cancellables = Set<AnyCancellable>()\n    init() {{\n        subject.sink {{ _ in self.tick() }}.store(in: &cancellables)\n    }}\n",
        "    let subject = PassthroughSubject<Int, Never>()\n    @Published var last = 0\n    private var cancellable: AnyCancellable?\n    init() {{\n        cancellable = subject.assign(to: \\.last, on: self)\n    }}\n",
        "    private var task: Task<Void, Never>?\n    init(stream: AsyncStream<Int>) {{\n        task = Task {{\n            for await _ in stream {{ tick() }}\n        }}\n    }}\n",
    ]
    head = "import Foundation\nimport Combine\nfinal class Child {\n    var onEvent: (() -> Void)?\n}\n"
    return {"F.swift": head + "".join(
        f"final class Cycle{i}: ObservableObject {{\n    var ticks = 0\n" + kinds[i % len(kinds)].format(i=i) +
        "    func tick() { ticks += 1 }\n}\n" for i in range(n))}

def family_optional_marks(n): # one class member whose type has n `?` marks
    marks = "?" * n
    return {"F.swift": f"import Observation\n@Observable final class M {{\n    var x: Int{marks} = nil\n"
                       f"    var task: Task<Void, Never>{marks}\n    init() {{ _ = x }}\n}}\n"}

def family_suppressions(n):   # n used suppressions in one file, each silencing a print_changes_leftover (next line, this line, region)
    kinds = ["        // statelint:disable:next print_changes_leftover -- #{i}\n        let _ = Self._printChanges()\n",
             "        let _ = Self._printChanges() // statelint:disable:this print_changes_leftover\n",
             "        // statelint:disable print_changes_leftover\n        let _ = Self._printChanges()\n        // statelint:enable print_changes_leftover\n"]
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"struct Quiet{i}: View {{\n    var body: some View {{\n" + kinds[i % len(kinds)].format(i=i) +
        f"        Text(\"{i}\")\n    }}\n}}\n" for i in range(n))}

def family_if_levels(n):      # one view body with n nested #if levels, each with Self._printChanges()
    lines = []
    for d in range(n):
        lines.append(f"#if os(iOS)\nlet _ = Self._printChanges()\nText(\"{d}\")\n#elseif os(macOS)\n")
    middle = "let _ = Self._printChanges()\n"
    tail = "#else\nText(\"other\")\n#endif\n" * n
    return {"F.swift": "import SwiftUI\nstruct Deep: View {\n    var body: some View {\n" + "".join(lines) + middle + tail + "    }\n}\n"}

def family_reached_members(n):  # a view body reaching Self._printChanges() through n members, declared last-reached first
    helpers = "".join(f"    var h{i}: some View {{\n        h{i + 1}\n    }}\n" for i in reversed(range(n)))
    return {"F.swift": "import SwiftUI\nstruct Deep: View {\n    var body: some View { h0 }\n" + helpers +
                       f"    var h{n}: some View {{\n        let _ = Self._printChanges()\n        Text(\"end\")\n    }}\n}}\n"}

def family_geometry_reads(n): # one GeometryReader reading an @Observable model n times
    props = "".join(f"    var p{k} = \"\"\n" for k in range(10))
    reads = "".join(f"                Text(model.p{i % 10})\n" for i in range(n))
    return {"F.swift": "import SwiftUI\nimport Observation\n@Observable final class Feed {\n" + props + "}\n"
                       "struct Header: View {\n    let model: Feed\n    var body: some View {\n        GeometryReader { proxy in\n"
                       "            VStack {\n" + reads + "            }\n            .offset(y: proxy.frame(in: .global).minY)\n"
                       "        }\n    }\n}\n"}

def family_preview_wrappers(n):  # n private views in one file that only its previews build, each seeded by a public view's input
    return {"F.swift": "import SwiftUI\n" + "".join(
        f"private struct Wrap{i}: View {{\n    @State var value: Int\n    var body: some View {{ Text(\"\\(value)\") }}\n}}\n"
        f"#Preview {{ Wrap{i}(value: {i}) }}\n" for i in range(n)) +
        "struct Shown: View {\n    let count: Int\n    var body: some View { Text(\"\\(count)\") }\n}\n"}

def family_environment_objects(n):  # n views, each handing a new object to the environment in its body, built by a scene
    head = "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var volume = 0.5\n}\n"
    views = "".join(f"struct Env{i}: View {{\n    @State private var page = 0\n    var body: some View {{\n        Text(\"\\(page)\")\n"
                    f"            .environmentObject(Settings())\n    }}\n}}\n" for i in range(n))
    scene = "struct Scenes: Scene {\n    var body: some Scene {\n        WindowGroup {\n" + "".join(f"            Env{i}()\n" for i in range(n)) + "        }\n    }\n}\n"
    return {"F.swift": head + views, "Scenes.swift": "import SwiftUI\n" + scene}

def family_environment_helpers(n):  # one view whose body reaches n helper members in a chain, each handing a new object to the environment
    helpers = "".join(f"    var h{i}: some View {{\n        VStack {{\n            Text(\"\\(page)\").environmentObject(Settings())\n            h{i + 1}\n        }}\n    }}\n"
                      for i in reversed(range(n)))
    return {"F.swift": "import SwiftUI\nfinal class Settings: ObservableObject {\n    @Published var volume = 0.5\n}\n"
                       "struct Deep: View {\n    @State private var page = 0\n    var body: some View { h0 }\n" + helpers +
                       f"    var h{n}: some View {{ Text(\"end\") }}\n}}\n"
                       "struct Scenes: Scene {\n    var body: some Scene {\n        WindowGroup { Deep() }\n    }\n}\n"}

def family_declared_inits(n):  # n views whose own init keeps the object given in an @ObservedObject, each built with a new one by a parent with state
    head = "import SwiftUI\nfinal class Finder: ObservableObject {\n    @Published var query = \"\"\n}\n"
    views = "".join(f"struct Bar{i}: View {{\n    @ObservedObject private var viewModel: Finder\n    init(model: Finder) {{ viewModel = model }}\n"
                    f"    var body: some View {{ TextField(\"\", text: $viewModel.query) }}\n}}\n" for i in range(n))
    parent = "struct Pane: View {\n    @State private var page = 0\n    var body: some View {\n        VStack {\n" + \
        "".join(f"            Bar{i}(model: Finder())\n" for i in range(n)) + "        }\n    }\n}\n"
    return {"F.swift": head + views, "Pane.swift": "import SwiftUI\n" + parent}

def family_row_models(n):  # one view whose n switch cases each build rows with a new model from the element of their case's data
    cases = "".join(f"        case .c{i}(let posts):\n            ForEach(posts) {{ post in Row(model: RowModel(post: post)) }}\n" for i in range(n))
    return {"F.swift": "import SwiftUI\nimport Observation\nstruct Post: Identifiable { let id: Int; var text: String }\n"
                       "@Observable final class RowModel {\n    var post: Post\n    init(post: Post) { self.post = post }\n}\n"
                       "struct Row: View {\n    @State private var model: RowModel\n    init(model: RowModel) { _model = State(initialValue: model) }\n"
                       "    var body: some View { Text(model.post.text) }\n}\n"
                       "enum Phase {\n" + "".join(f"    case c{i}([Post])\n" for i in range(n)) + "}\n"
                       "@Observable final class Feed {\n    var phase: Phase = .c0([])\n}\n"
                       "struct FeedView: View {\n    @State private var feed = Feed()\n    var body: some View {\n        switch feed.phase {\n" + cases +
                       "        }\n    }\n}\n"}

# (name, generator, base N, the rule its findings belong to, or None)
FAMILIES = [
    ("file size (views per file)", family_file_size, 4_000, None),
    ("types per file", family_types, 16_000, None),
    ("members per type", family_members, 60_000, None),
    ("extensions of one type across files", family_extensions, 1_000, None),
    ("call chain in an @Observable init", family_call_chain, 15_000, None),
    ("modifier chain length", family_modifiers, 1_200, None),    # 8N stays below the parser's 10,000-link cap
    ("nesting (60-deep blocks per file)", family_nesting, 1_500, None),
    ("number of files", family_files, 1_500, None),
    ("observable_ignored_candidate", rule_observable_ignored_candidate, 4_000, "observable_ignored_candidate"),
    ("observable_init_access", rule_observable_init_access, 2_500, "observable_init_access"),
    ("observable_read_in_geometry_reader", rule_observable_read_in_geometry_reader, 1_500, "observable_read_in_geometry_reader"),
    ("observation_tracking_one_shot", rule_observation_tracking_one_shot, 2_500, "observation_tracking_one_shot"),
    ("observed_object_owned", rule_observed_object_owned, 2_000, "observed_object_owned"),
    ("observer_in_onappear", rule_observer_in_onappear, 2_500, "observer_in_onappear"),
    ("print_changes_leftover", rule_print_changes_leftover, 5_000, "print_changes_leftover"),
    ("state_closure_captures_view", rule_state_closure_captures_view, 2_000, "state_closure_captures_view"),
    ("state_eager_object_init", rule_state_eager_object_init, 1_600, "state_eager_object_init"),
    ("state_injected_value", rule_state_injected_value, 1_500, "state_injected_value"),
    ("state_write_in_init", rule_state_write_in_init, 2_500, "state_write_in_init"),
    ("stored_closure_retains_self", rule_stored_closure_retains_self, 2_000, "stored_closure_retains_self"),
    ("subscription_retains_self", rule_subscription_retains_self, 2_000, "subscription_retains_self"),
    ("task_in_onappear", rule_task_in_onappear, 2_500, "task_in_onappear"),
    ("task_retains_self", rule_task_retains_self, 2_000, "task_retains_self"),
    ("unused_suppression", rule_unused_suppression, 6_000, "unused_suppression"),
    ("view_owned_reference", rule_view_owned_reference, 1_500, "view_owned_reference"),
    ("call sites across files", family_call_sites, 800, "state_injected_value"),
    ("retain cycles of 10 kinds in one file", family_retain_cycles, 1_500, None),
    ("? marks on one member's type", family_optional_marks, 10_000, None),
    ("used suppressions in one file", family_suppressions, 6_000, None),
    ("#if levels in a view body", family_if_levels, 4_000, "print_changes_leftover"),
    ("members a view body reaches", family_reached_members, 2_000, "print_changes_leftover"),
    ("model reads in one GeometryReader", family_geometry_reads, 3_000, "observable_read_in_geometry_reader"),
    ("registrations in one onAppear", family_registrations, 3_000, "observer_in_onappear"),
    ("onAppear helpers calling helpers", family_onappear_helpers, 1_500, "task_in_onappear"),
    ("closures of states and of one state", family_state_callbacks, 1_500, "state_closure_captures_view"),
    ("mirroring objects made by views", family_mirrors, 1_500, None),
    ("private views only previews build", family_preview_wrappers, 2_000, None),
    ("views handing new objects to the environment", family_environment_objects, 1_500, "observed_object_owned"),
    ("helper members handing new objects to the environment", family_environment_helpers, 1_000, "observed_object_owned"),
    ("views keeping the object their init is given", family_declared_inits, 1_500, "observed_object_owned"),
    ("row models built in the cases of a switch", family_row_models, 1_000, "state_injected_value"),
]

def findings_across_files(n):  # n files, each with one print_changes_leftover finding
    return {f"F{i}.swift": f"import SwiftUI\nstruct Pear{i}: View {{\n    var body: some View {{\n        let _ = Self._printChanges()\n"
            f"        Text(\"{i}\")\n    }}\n}}\n" for i in range(n)}

# Every report format at N and 8N findings, in one file and across files (issue 42: reports were quadratic in
# their findings); the run writes the format to standard output, and the findings are counted with
# `--format xcode` on the same project. And the language server's publish of one file's findings.
REPORT_FORMATS = ["text", "json", "sarif", "github", "gitlab", "junit", "checkstyle", "sonarqube", "html"]
FAMILIES += [(f"{fmt} report, findings in one file", rule_print_changes_leftover, 2_000, "print_changes_leftover", fmt)
             for fmt in REPORT_FORMATS]
FAMILIES += [(f"{fmt} report, findings across files", findings_across_files, 400, "print_changes_leftover", fmt)
             for fmt in ["json", "sarif", "html"]]
FAMILIES += [("server: publish one file's findings", rule_print_changes_leftover, 2_000, "print_changes_leftover", "server")]

# --- running ----------------------------------------------------------------------------------------

FINDING = re.compile(r":\d+:\d+: (?:error|warning|note): .*\[([a-z_]+)\]$")

def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40]

def write(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    for name, text in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return sum(len(t) for t in files.values())

def lsp_frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

def run_server(binary, folder, timeout):
    """The language server opens the first file of the project: (seconds from didOpen to its
    publishDiagnostics, 0 or None on timeout, its diagnostics as xcode-like lines for the count)."""
    name = sorted(f for f in os.listdir(folder) if f.endswith(".swift"))[0]
    path = os.path.join(folder, name)
    with open(path) as f:
        text = f.read()
    env = dict(os.environ, STATELINT_NO_CACHE="1")
    proc = subprocess.Popen([binary, "server"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    uri = "file://" + path
    proc.stdin.write(lsp_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                "params": {"processId": None, "rootUri": "file://" + folder, "capabilities": {}}}))
    proc.stdin.write(lsp_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    proc.stdin.flush()
    buffer = b""
    deadline = time.perf_counter() + timeout
    def read_message():
        nonlocal buffer
        while True:
            head, sep, rest = buffer.partition(b"\r\n\r\n")
            if sep:
                length = int(re.search(rb"Content-Length: *(\d+)", head, re.I).group(1))
                if len(rest) >= length:
                    buffer = rest[length:]
                    return json.loads(rest[:length])
            if time.perf_counter() > deadline:
                return None
            chunk = os.read(proc.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            buffer += chunk
    while (m := read_message()) is not None and m.get("id") != 1:
        pass
    start = time.perf_counter()
    proc.stdin.write(lsp_frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                                "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}}))
    proc.stdin.flush()
    lines = []
    status = None
    while (m := read_message()) is not None:
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
            elapsed = time.perf_counter() - start
            lines = [f"{name}:1:1: warning: x [{d.get('code')}]" for d in m["params"]["diagnostics"]]
            status = 0
            break
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()
    if status is None:
        return time.perf_counter() - start, None, b""
    return elapsed, 0, "\n".join(lines).encode()

def run_once(binary, folder, timeout, fmt="xcode"):
    """(seconds, exit status or None on timeout, stdout). The run gets a process group of its own, so a
    timeout kills statelint's supervised child with it. Another format than xcode is timed, and the
    findings are counted from an xcode run of the same project."""
    if fmt == "server":
        return run_server(binary, folder, timeout)
    if fmt != "xcode" and not fmt.startswith("timed:"):
        t, status, _ = run_once(binary, folder, timeout, fmt="timed:" + fmt)
        if status is None:
            return t, status, b""
        _, _, out = run_once(binary, folder, timeout)
        return t, status, out
    fmt = fmt if not fmt.startswith("timed:") else fmt[6:]
    start = time.perf_counter()
    proc = subprocess.Popen([binary, "--quiet", "--no-cache", "--show-info", "--format", fmt, "--jobs", "1", "--enable", "unused_suppression", folder],
                            cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return time.perf_counter() - start, None, b""
    return time.perf_counter() - start, proc.returncode, out

def timed(binary, folder, repeat, timeout, fmt="xcode"):
    """Best of `repeat` runs (one only when a run is slow): (seconds, status, stdout); status None is a timeout."""
    best = None
    for _ in range(repeat):
        t, status, out = run_once(binary, folder, timeout, fmt)
        if best is None or (status is not None and t < best[0]):
            best = (t, status, out)
        if status is None or t > SLOW:
            break
    return best

def count_findings(out, rule):
    total = matched = 0
    for line in out.decode("utf-8", "replace").splitlines():
        m = FINDING.search(line)
        if m:
            total += 1
            matched += m.group(1) == rule
    return total, matched

def measure(binary, name, make, small, repeat, timeout, fmt="xcode"):
    """Times at N and FACTOR*N: a list of (n, seconds, status, stdout); stops after a timeout."""
    results = []
    for n in (small, small * FACTOR):
        folder = os.path.join(ROOT, slug(name) + f"-{n}")
        write(folder, make(n))
        t, status, out = timed(binary, folder, repeat, timeout, fmt)
        shutil.rmtree(folder, ignore_errors=True)
        results.append((n, t, status, out))
        if status is None:
            break
    return results

def problems(name, rule, results, timeout):
    """What --check objects to in one family's results (empty: it passes)."""
    found = []
    for n, t, status, _ in results:
        if status is None:
            found.append(f"the run at N={n} took over {timeout:g} s (killed)")
        elif status not in (0, 1):
            found.append(f"the run at N={n} failed with exit status {status}")
    if len(results) == 2 and results[1][2] is not None:
        (_, t0, _, _), (n1, t1, _, out) = results
        ratio = t1 / max(t0, 1e-9)
        if ratio > MAX_RATIO:
            found.append(f"time grows {ratio:.1f}x from N to {FACTOR}N (limit {MAX_RATIO}: not linear)")
        if t1 > MAX_LARGE_SECONDS:
            found.append(f"the run at {FACTOR}N={n1} took {t1:.2f} s (limit {MAX_LARGE_SECONDS} s)")
        if rule and count_findings(out, rule)[1] == 0:
            found.append(f"no {rule} finding at {FACTOR}N: the shape no longer exercises the rule")
    return found

def marginal(results):
    """Whether a family's only fault may be noise: both runs ended normally, the ratio is under twice the
    limit and the 8N run under twice its limit (a clear failure is not measured again)."""
    if len(results) < 2 or any(s not in (0, 1) for _, _, s, _ in results):
        return False
    t0, t1 = results[0][1], results[1][1]
    return t1 / max(t0, 1e-9) <= 2 * MAX_RATIO and t1 <= 2 * MAX_LARGE_SECONDS

def row(name, rule, results, timeout):
    cells = []
    for i in range(2):
        if i < len(results):
            n, t, status, _ = results[i]
            cells.append(f">{timeout:g}" if status is None else f"{t:.3f}")
        else:
            cells.append("-")
    n0 = results[0][0]
    if len(results) == 2 and results[0][2] is not None and results[1][2] is not None:
        ratio = f"{results[1][1] / max(results[0][1], 1e-9):.1f}"
        total, matched = count_findings(results[1][3], rule)
        findings = f"{matched if rule else total}"
    elif results[0][2] is None:
        ratio, findings = "-", "-"
    else:
        ratio, findings = f">{timeout / max(results[0][1], 1e-9):.0f}", "-"
    status = next((s for _, _, s, _ in results if s is not None and s not in (0, 1)), None)
    note = f"  exit {status}" if status is not None else ""
    return f"{name:40} {n0:>7} {cells[0]:>9} {cells[1]:>9} {ratio:>7} {findings:>9}{note}"

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release", "statelint"))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--small", action="store_true", help="divide every size by 4 (CI)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is killed (a failure)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a family is not linear (see above)")
    parser.add_argument("--list", action="store_true", help="print the families, their base N and rules")
    args = parser.parse_args()
    only = [w.strip() for w in args.only.split(",") if w.strip()]
    families = [f for f in FAMILIES if not only or any(o in f[0] for o in only)]
    scale = args.scale / (4 if args.small else 1)
    if args.list:
        for name, _, size, rule, *_ in families:
            print(f"{name:40} {max(1, int(size * scale)):>7}  {rule or '-'}")
        return
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"growth.py: {args.binary} is missing; run `swift build -c release` first")
    binary = os.path.abspath(args.binary)
    print(f"{'family':40} {'N':>7} {'N s':>9} {f'{FACTOR}N s':>9} {'ratio':>7} {'findings':>9}")
    failed = []
    for name, make, size, rule, *format_ in families:
        fmt = format_[0] if format_ else "xcode"
        small = max(1, int(size * scale))
        results = measure(binary, name, make, small, args.repeat, args.timeout, fmt)
        found = problems(name, rule, results, args.timeout) if args.check else []
        if found and marginal(results) and not any("finding" in p for p in found):
            # Measured once more, best of both: one busy moment of the machine is not a failure.
            again = measure(binary, name, make, small, args.repeat, args.timeout, fmt)
            results = [b if b[2] is not None and b[1] < a[1] else a for a, b in zip(results, again + results[len(again):])]
            found = problems(name, rule, results, args.timeout)
        print(row(name, rule, results, args.timeout) + ("  FAIL" if found else ""), flush=True)
        failed += [f"{name}: {p}" for p in found]
    shutil.rmtree(ROOT, ignore_errors=True)
    if failed:
        print(f"\ngrowth.py: {len(failed)} problem(s):", file=sys.stderr)
        for line in failed:
            print(f"  {line}", file=sys.stderr)
        sys.exit(1)
    if args.check:
        print(f"\ngrowth.py: every family is within {MAX_RATIO}x from N to {FACTOR}N and {MAX_LARGE_SECONDS} s at {FACTOR}N")

if __name__ == "__main__":
    main()
