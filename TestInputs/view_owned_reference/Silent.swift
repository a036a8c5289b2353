import SwiftUI
import Combine

// Owned with a wrapper.
struct OwnedView: View {
    @State private var viewModel = SheetViewModel()
    @StateObject private var store = ProfileStore()
    var body: some View { Text(viewModel.title + store.name) }
}

// Injected references, and a default the caller may override through init.
struct InjectedView: View {
    let viewModel: SheetViewModel
    let store: ProfileStore
    init(viewModel: SheetViewModel, store: ProfileStore? = nil) {
        self.viewModel = viewModel
        self.store = store ?? ProfileStore.shared
    }
    var body: some View { Text(viewModel.title + store.name) }
}

// Stateless helpers, value types and framework types.
struct FormattedView: View {
    private let formatter = PriceFormatter()
    private let constants = Constants()
    private let dateFormatter = DateFormatter()
    private let draft = DraftValue()
    var body: some View { Text(formatter.format(1) + "\(constants.limit)" + draft.text) }
}

// Shared instances and static storage.
struct SharedView: View {
    let store = ProfileStore.shared
    static let queue = UploadQueue()
    var body: some View { Text(store.name) }
}

// A lazily created local inside body is not stored.
struct LocalView: View {
    var body: some View {
        let model = SheetViewModel()
        Text(model.title)
    }
}

// Not a view: classes own what they create.
final class Controller {
    let store = ProfileStore()
}

// An App is made once.
struct DemoApp: App {
    let store = ProfileStore()
    var body: some Scene { WindowGroup { Text(store.name) } }
}

// Other wrappers are not plain storage.
struct WrappedView: View {
    @ObservedObject var store = ProfileStore.shared
    @Environment(SheetViewModel.self) private var viewModel
    var body: some View { Text(store.name + viewModel.title) }
}

// A closure property, and a computed property that builds a model on each read.
struct ComputedView: View {
    let makeModel: () -> SheetViewModel = { SheetViewModel() }
    var model: SheetViewModel { SheetViewModel() }
    var body: some View { Text(model.title) }
}

// Found in CodeEdit: a client whose only object is injected through its initializer (it does not create
// it): nothing of its own to lose.
final class ShellRunner {
    var lastCommand = ""
}
enum World { static let shell = ShellRunner() }
final class GitClient {
    private let shell: ShellRunner
    let directory: String
    init(directory: String = ".", shell: ShellRunner) {
        self.directory = directory
        self.shell = shell
    }
}
struct GitSettingsView: View {
    private let git = GitClient(shell: World.shell)
    var body: some View { Text(git.directory) }
}

// Found in pocket-casts: a configuration box the view's own modifier-style methods fill; `@State` would
// keep the first configuration.
struct SelectRow: View {
    private let style = Style()
    var body: some View { Text(style.check ?? "") }
    func checkmark(_ check: String) -> Self {
        style.check = check
        return self
    }
    private final class Style { var check: String? }
}

// A class whose only `var`s are bookkeeping handles.
final class Poller {
    private var timer: Timer?
    private var subscriptions = Set<AnyCancellable>()
    let interval = 5.0
}
struct PollingView: View {
    let poller = Poller()
    var body: some View { Text("\(poller.interval)") }
}

// An @Observable class whose only stored properties are ignored handles.
@Observable final class Telemetry {
    @ObservationIgnored private var uploads = Set<AnyCancellable>()
    @ObservationIgnored private var task: Task<Void, Never>?
}
struct TelemetryView: View {
    let telemetry = Telemetry()
    var body: some View { Text("telemetry") }
}

// Found in NetNewsWire: only ever the root of a hosting controller (made once).
struct StatsScreen: View {
    private let model = UploadQueue()
    var body: some View { Text("\(model.pending.count)") }
}
func makeStats() -> UIViewController { UIHostingController(rootView: StatsScreen()) }

// ViewInspector's test hook: a helper keyed to the view's own type, not a model.
final class Inspection<V> {
    var callbacks = [UInt: (V) -> Void]()
}
struct InspectedView: View {
    let inspection = Inspection<Self>()
    var body: some View { Text("inspected") }
}
