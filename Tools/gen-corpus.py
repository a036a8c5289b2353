#!/usr/bin/env python3
"""gen-corpus.py: a deterministic synthetic tree of realistic SwiftUI / Observation code.

usage: Tools/gen-corpus.py OUT_DIR LINES [--seed N] [--quiet]

Writes about LINES lines of Swift into OUT_DIR, as files of roughly 150-400 lines in nested
folders (ModuleNNN/Features/FeatureNN/..., ModuleNNN/Models, /Services, /Extensions, /Core).
The files hold SwiftUI views (NavigationStack/VStack/List/ForEach, modifier chains, closures,
@State/@Binding/@Environment), @Observable models (inits, methods, computed properties),
ObservableObject view models with Combine pipelines, actors and classes with stored Tasks and
`for await` loops, extensions of types declared in other files, protocols with default
implementations, enums with associated values, generics, string interpolation and comments.
Identifiers vary with the file index, so no two files are identical. One file in 50 also holds
one hazard that a statelint rule reports (cycling through the five hazard rules); the other
code is written the safe way.

The output depends only on LINES and --seed (default 1): the generator uses its own
pseudo-random numbers (splitmix64), not Python's `random`, so every Python 3 version writes the
same bytes. OUT_DIR must not exist or be empty. Pure Python 3 standard library.
A LINES below 150 gives one file of about that many lines (the single-file latency case).
"""

import os
import sys

MASK = (1 << 64) - 1


class Rng:
    """splitmix64: small, fast enough and identical on every Python version."""

    __slots__ = ("state",)

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def between(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

    def pick(self, seq):
        return seq[self.next() % len(seq)]

    def chance(self, percent):
        return self.next() % 100 < percent


NOUNS = [
    "Feed", "Profile", "Settings", "Inbox", "Timeline", "Account", "Library", "Playlist", "Order",
    "Cart", "Invoice", "Message", "Thread", "Photo", "Album", "Note", "Todo", "Reminder", "Contact",
    "Calendar", "Booking", "Ticket", "Route", "Station", "Podcast", "Episode", "Article", "Comment",
    "Channel", "Workspace", "Project", "Report", "Budget", "Expense", "Recipe", "Workout", "Habit",
    "Journal", "Map", "Venue", "Review", "Wallet", "Payment", "Coupon", "Product", "Catalog",
    "Download", "Upload", "Device", "Sensor", "Alarm", "Timer", "Weather", "Forecast", "Location",
]
PARTS = ["Row", "Header", "Cell", "Footer", "Detail", "Editor", "Badge", "Card", "Summary",
         "Toolbar", "Banner", "Section", "Picker", "Sheet", "Tile", "Preview"]
FIELDS = ["title", "subtitle", "name", "summary", "detail", "author", "category", "status",
          "caption", "label", "owner", "tag", "note", "kind", "source"]
NUMS = ["count", "total", "rating", "score", "index", "position", "progress", "duration",
        "price", "amount", "limit", "offset", "priority", "level", "size"]
FLAGS = ["isLoading", "isEditing", "isPresented", "isExpanded", "isFavorite", "isSelected",
         "showsDetails", "isArchived", "isPinned", "hasMore", "isSyncing", "isMuted"]
SYMBOLS = ["plus", "trash", "star.fill", "gear", "square.and.arrow.up", "bell", "heart",
           "magnifyingglass", "arrow.clockwise", "person.crop.circle", "folder", "tray"]
COLORS = [".red", ".blue", ".green", ".orange", ".secondary", ".accentColor", ".purple", ".gray"]
FONTS = [".headline", ".subheadline", ".body", ".caption", ".title2", ".footnote", ".callout"]
ENV_KEYS = ["dismiss", "openURL", "colorScheme", "horizontalSizeClass", "scenePhase", "locale"]


def stem(i):
    """The name stem of file i (e.g. `Feed123`); other files refer to it."""
    return f"{NOUNS[(i * 7 + i // len(NOUNS)) % len(NOUNS)]}{i}"


# File roles repeat every 10 files; `model` files declare `<stem>Model`, `view` files `<stem>View`.
ROLES = ["view", "model", "view", "service", "data", "viewmodel", "extension", "view", "core", "view"]
SUFFIXES = {"view": "View", "model": "Model", "data": "Data", "service": "Service",
            "viewmodel": "ViewModel", "extension": "Extensions", "core": "Core"}
FOLDERS = {"view": "Features", "viewmodel": "Features", "model": "Models", "data": "Models",
           "service": "Services", "extension": "Extensions", "core": "Core"}
HAZARDS = ["observable_init_access", "state_injected_value", "task_retains_self",
           "state_closure_captures_view", "print_changes_leftover"]


def previous_model(i):
    """The index of the closest file before i whose role is `model` (or -1)."""
    j = i - 1
    while j >= 0 and ROLES[j % len(ROLES)] != "model":
        j -= 1
    return j


def previous_view(i):
    j = i - 1
    while j >= 0 and ROLES[j % len(ROLES)] != "view":
        j -= 1
    return j


# ---------------------------------------------------------------------------------------------
# Units. Each returns a string of complete lines (ending in "\n"). `s` is the file's stem.

def data_struct(r, s, name):
    f1, f2, f3 = r.pick(FIELDS), r.pick(NUMS), r.pick(FLAGS)
    if f1 == "title":
        f1 = "headline"
    extra = r.pick(FIELDS)
    if extra in (f1, "title"):
        extra = "remark"
    out = [
        f"/// One {name.lower()} as the server sends it.",
        f"struct {name}: Identifiable, Hashable, Codable, Sendable {{",
        "    let id: UUID",
        "    var title: String",
        f"    var {f1}: String",
        f"    var {f2}: Int",
        f"    var {f3}: Bool",
        "    var createdAt: Date",
        f"    var {extra}: String?",
        "    var tags: [String] = []",
        "",
        "    enum CodingKeys: String, CodingKey {",
        f"        case id, title, {f1}, {f2}, {f3}, tags",
        "        case createdAt = \"created_at\"",
        f"        case {extra} = \"{extra}_text\"",
        "    }",
        "",
        f"    var displayTitle: String {{ title.isEmpty ? \"Untitled {name}\" : title }}",
        "",
        f"    static let placeholder = {name}(id: UUID(), title: \"Loading\", {f1}: \"\", {f2}: {r.below(100)}, {f3}: false, createdAt: .now, {extra}: nil)",
        "}",
        "",
    ]
    return "\n".join(out) + "\n"


def enum_unit(r, s, name):
    item = f"{s}Item"
    code = r.between(400, 599)
    return f"""\
/// What happened while loading {s.lower()} content.
enum {name}: Equatable, Sendable {{
    case idle
    case loading(page: Int)
    case loaded([{item}], hasMore: Bool)
    case failed(message: String, code: Int)
    case cancelled

    var isTerminal: Bool {{
        switch self {{
        case .idle, .loading:
            return false
        case .loaded(_, let hasMore):
            return !hasMore
        case .failed(_, let code) where code >= {code}:
            return true
        case .failed, .cancelled:
            return true
        }}
    }}

    var message: String? {{
        if case let .failed(message, code) = self {{
            return "\\(message) (error \\(code))"
        }}
        return nil
    }}

    static func == (lhs: Self, rhs: Self) -> Bool {{
        switch (lhs, rhs) {{
        case (.idle, .idle), (.cancelled, .cancelled): return true
        case let (.loading(a), .loading(b)): return a == b
        case let (.loaded(a, x), .loaded(b, y)): return a.map(\\.id) == b.map(\\.id) && x == y
        case let (.failed(m, c), .failed(n, d)): return m == n && c == d
        default: return false
        }}
    }}
}}

"""


def protocol_unit(r, s, name):
    item = f"{s}Item"
    n = r.between(10, 90)
    return f"""\
/// Where {s} items come from; the app uses the network one, previews the in-memory one.
protocol {name}: Sendable {{
    associatedtype Cursor: Hashable & Sendable
    func fetch(page: Int, pageSize: Int) async throws -> [{item}]
    func save(_ item: {item}) async throws
    func delete(id: {item}.ID) async throws
    var cursor: Cursor? {{ get async }}
}}

extension {name} {{
    /// Every page until an empty one arrives.
    func fetchAll(pageSize: Int = {n}) async throws -> [{item}] {{
        var result: [{item}] = []
        var page = 0
        while true {{
            let batch = try await fetch(page: page, pageSize: pageSize)
            if batch.isEmpty {{ break }}
            result.append(contentsOf: batch)
            page += 1
        }}
        return result
    }}

    func contains(id: {item}.ID) async -> Bool {{
        (try? await fetchAll().contains {{ $0.id == id }}) ?? false
    }}
}}

struct InMemory{name}: {name} {{
    var items: [{item}]
    var cursor: Int? {{ get async {{ items.count }} }}

    func fetch(page: Int, pageSize: Int) async throws -> [{item}] {{
        let start = page * pageSize
        guard start < items.count else {{ return [] }}
        return Array(items[start..<min(start + pageSize, items.count)])
    }}

    func save(_ item: {item}) async throws {{}}
    func delete(id: {item}.ID) async throws {{}}
}}

"""


def generic_unit(r, s, name):
    n = r.between(2, 64)
    return f"""\
/// A page of results with its continuation token.
struct {name}<Element: Decodable & Sendable>: Decodable, Sendable {{
    let items: [Element]
    let next: String?
    let total: Int

    var isLast: Bool {{ next == nil || items.count < {n} }}

    func map<T: Decodable & Sendable>(_ transform: (Element) throws -> T) rethrows -> {name}<T> {{
        {name}<T>(items: try items.map(transform), next: next, total: total)
    }}
}}

extension {name}: Equatable where Element: Equatable {{}}

func merge{s}<Key: Hashable, Value>(_ lhs: [Key: Value], _ rhs: [Key: Value], prefer: (Value, Value) -> Value) -> [Key: Value] {{
    lhs.merging(rhs) {{ old, new in prefer(old, new) }}
}}

"""


def view_unit(r, s, name, model):
    item = f"{s}Item"
    f1, n1, flag = r.pick(FIELDS), r.pick(NUMS), r.pick(FLAGS)
    sym, sym2 = r.pick(SYMBOLS), r.pick(SYMBOLS)
    color, font, font2 = r.pick(COLORS), r.pick(FONTS), r.pick(FONTS)
    env = r.pick(ENV_KEYS)
    spacing = r.pick(["4", "8", "12", "16"])
    lines = [
        "/*",
        f" {name} shows the {s.lower()} list, a search field and a detail sheet.",
        f" Keep the row layout in sync with {s}Row in the design file.",
        " */",
        f"struct {name}: View {{",
        f"    @Environment({model}.self) private var model",
        f"    @Environment(\\.{env}) private var {env}",
        f"    @State private var query = \"\"",
        f"    @State private var {flag} = false",
        f"    @State private var selection: {item}.ID?",
        f"    @State private var {n1} = {r.below(20)}",
        f"    @Binding var {f1}: String",
        f"    let items: [{item}]",
        "",
        "    var body: some View {",
        "        NavigationStack {",
        f"            VStack(alignment: .leading, spacing: {spacing}) {{",
        "                header",
        "                List(selection: $selection) {",
        "                    ForEach(filtered) { item in",
        f"                        {s}Row(item: item, isSelected: item.id == selection)",
        "                            .contentShape(Rectangle())",
        "                            .onTapGesture {",
        f"                                selection = item.id",
        f"                                {n1} += 1",
        "                            }",
        "                            .swipeActions(edge: .trailing) {",
        "                                Button(role: .destructive) {",
        "                                    Task { await model.delete(item) }",
        "                                } label: {",
        f"                                    Label(\"Delete\", systemImage: \"{sym}\")",
        "                                }",
        "                            }",
        "                    }",
        "                }",
        "                .listStyle(.plain)",
        "                .refreshable { await model.reload() }",
        "            }",
        f"            .navigationTitle(\"\\({f1}) (\\(items.count))\")",
        "            .searchable(text: $query, prompt: \"Search\")",
        "            .toolbar {",
        "                ToolbarItem(placement: .primaryAction) {",
        f"                    Button {{ {flag}.toggle() }} label: {{",
        f"                        Image(systemName: \"{sym2}\")",
        "                    }",
        "                }",
        "            }",
        f"            .sheet(isPresented: ${flag}) {{",
        f"                {s}Detail(id: selection, onClose: {{ {flag} = false }})",
        "                    .presentationDetents([.medium, .large])",
        "            }",
        "            .task { await model.load() }",
        "            .onChange(of: query) { oldValue, newValue in",
        "                guard oldValue != newValue else { return }",
        "                model.search(newValue)",
        "            }",
        "        }",
        "    }",
        "",
        "    // MARK: - Parts",
        "",
        "    private var header: some View {",
        "        HStack {",
        f"            Text(\"\\({n1}) of \\(items.count) shown\")",
        f"                .font({font})",
        f"                .foregroundStyle({color})",
        "            Spacer()",
        "            if model.isLoading {",
        "                ProgressView()",
        "            }",
        "        }",
        "        .padding(.horizontal)",
        "    }",
        "",
        f"    private var filtered: [{item}] {{",
        "        guard !query.isEmpty else { return items }",
        "        return items.filter { $0.title.localizedCaseInsensitiveContains(query) }",
        "    }",
    ]
    if r.chance(50):
        lines += [
            "",
            f"    private func badge(for item: {item}) -> some View {{",
            "        Text(item.title.prefix(1).uppercased())",
            f"            .font({font2}.bold())",
            "            .frame(width: 28, height: 28)",
            f"            .background({color}.opacity(0.2), in: Circle())",
            "    }",
        ]
    lines += ["}", ""]
    return "\n".join(lines) + "\n"


def small_view_unit(r, s, name):
    item = f"{s}Item"
    f1 = r.pick(FIELDS)
    font, color = r.pick(FONTS), r.pick(COLORS)
    sym = r.pick(SYMBOLS)
    n = r.between(1, 9)
    return f"""\
struct {name}: View {{
    let item: {item}
    var isSelected = false
    @State private var isExpanded = false
    @Environment(\\.horizontalSizeClass) private var sizeClass

    var body: some View {{
        VStack(alignment: .leading, spacing: {n}) {{
            HStack(spacing: 8) {{
                Image(systemName: "{sym}")
                    .foregroundStyle(isSelected ? Color.accentColor : {color})
                Text(item.displayTitle)
                    .font({font})
                    .lineLimit(sizeClass == .compact ? 1 : 2)
                Spacer(minLength: 0)
                Button {{
                    withAnimation(.snappy) {{ isExpanded.toggle() }}
                }} label: {{
                    Image(systemName: isExpanded ? "chevron.up" : "chevron.down")
                }}
                .buttonStyle(.borderless)
            }}
            if isExpanded {{
                Text("Created \\(item.createdAt.formatted(date: .abbreviated, time: .shortened))")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                ForEach(item.tags, id: \\.self) {{ tag in
                    Text("#\\(tag)").font(.caption2)
                }}
            }}
        }}
        .padding(.vertical, {n})
        .accessibilityElement(children: .combine)
        .accessibilityLabel("{f1} \\(item.title)")
    }}
}}

"""


def model_unit(r, s, name, service):
    item = f"{s}Item"
    n1, flag, f1 = r.pick(NUMS), r.pick(FLAGS), r.pick(FIELDS)
    if flag == "isLoading":
        flag = "isStale"
    size = r.pick(["20", "25", "50", "100"])
    lines = [
        f"/// The state behind {s}View: loading, paging, search and selection.",
        "@MainActor",
        "@Observable",
        f"final class {name} {{",
        f"    var items: [{item}] = []",
        "    var isLoading = false",
        f"    var {flag} = false",
        f"    var {n1} = 0",
        "    var errorMessage: String?",
        "    var query = \"\"",
        f"    private(set) var page = 0",
        f"    private let service: {service}",
        f"    @ObservationIgnored private var cache: [UUID: {item}] = [:]",
        f"    @ObservationIgnored private let pageSize = {size}",
        "",
        f"    init(service: {service}, {n1}: Int = 0) {{",
        "        self.service = service",
        f"        self.{n1} = {n1}",
        "    }",
        "",
        f"    var visible: [{item}] {{",
        "        let base = query.isEmpty ? items : items.filter { $0.title.contains(query) }",
        "        return base.sorted { $0.createdAt > $1.createdAt }",
        "    }",
        "",
        f"    var summary: String {{ \"\\(items.count) items, page \\(page), {f1}\" }}",
        "",
        "    func load() async {",
        "        guard !isLoading else { return }",
        "        isLoading = true",
        "        defer { isLoading = false }",
        "        do {",
        "            let batch = try await service.fetch(page: page, pageSize: pageSize)",
        "            items += batch",
        "            for item in batch { cache[item.id] = item }",
        "            page += 1",
        "        } catch is CancellationError {",
        "            return",
        "        } catch {",
        "            errorMessage = \"Could not load: \\(error.localizedDescription)\"",
        "        }",
        "    }",
        "",
        "    func reload() async {",
        "        page = 0",
        "        items.removeAll(keepingCapacity: true)",
        "        await load()",
        "    }",
        "",
        "    func search(_ text: String) {",
        "        query = text.trimmingCharacters(in: .whitespacesAndNewlines)",
        f"        {n1} = visible.count",
        "    }",
        "",
        f"    func delete(_ item: {item}) async {{",
        "        items.removeAll { $0.id == item.id }",
        "        cache[item.id] = nil",
        "        try? await service.delete(id: item.id)",
        "    }",
    ]
    if r.chance(60):
        lines += [
            "",
            f"    func toggle{flag[0].upper() + flag[1:]}() {{",
            f"        {flag}.toggle()",
            f"        if {flag} {{ {n1} += 1 }} else {{ {n1} = max(0, {n1} - 1) }}",
            "    }",
        ]
    lines += ["}", ""]
    return "\n".join(lines) + "\n"


def viewmodel_unit(r, s, name, service):
    item = f"{s}Item"
    ms = r.pick(["150", "250", "300", "500"])
    n1 = r.pick(NUMS)
    return f"""\
import Combine

/// The older ObservableObject flavour, kept for the iOS 16 screens.
final class {name}: ObservableObject {{
    @Published var query = ""
    @Published private(set) var results: [{item}] = []
    @Published var {n1} = 0
    @Published var isSearching = false
    private let service: {service}
    private var cancellables = Set<AnyCancellable>()

    init(service: {service}) {{
        self.service = service
        $query
            .debounce(for: .milliseconds({ms}), scheduler: RunLoop.main)
            .removeDuplicates()
            .filter {{ !$0.isEmpty }}
            .sink {{ [weak self] text in
                self?.search(text)
            }}
            .store(in: &cancellables)

        NotificationCenter.default.publisher(for: .init("{s}DidChange"))
            .receive(on: DispatchQueue.main)
            .sink {{ [weak self] _ in self?.{n1} += 1 }}
            .store(in: &cancellables)
    }}

    private func search(_ text: String) {{
        isSearching = true
        Task {{ @MainActor [weak self] in
            guard let self else {{ return }}
            let all = (try? await self.service.fetch(page: 0, pageSize: 50)) ?? []
            self.results = all.filter {{ $0.title.localizedStandardContains(text) }}
            self.isSearching = false
        }}
    }}

    deinit {{
        cancellables.forEach {{ $0.cancel() }}
    }}
}}

"""


def service_unit(r, s, name, event):
    item = f"{s}Item"
    delay = r.pick(["250_000_000", "500_000_000", "1_000_000_000", "2_000_000_000"])
    host = s.lower()
    return f"""\
/// Talks to the {host} endpoint and streams change events.
actor {name} {{
    private let session: URLSession
    private let decoder = JSONDecoder()
    private var pollTask: Task<Void, Never>?
    private var listeners: [UUID: AsyncStream<{event}>.Continuation] = [:]
    private(set) var lastSync: Date?

    init(session: URLSession = .shared) {{
        self.session = session
        decoder.dateDecodingStrategy = .iso8601
    }}

    func fetch(page: Int, pageSize: Int) async throws -> [{item}] {{
        var components = URLComponents(string: "https://api.example.com/{host}")!
        components.queryItems = [
            URLQueryItem(name: "page", value: "\\(page)"),
            URLQueryItem(name: "per_page", value: "\\(pageSize)"),
        ]
        let (data, response) = try await session.data(from: components.url!)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {{
            throw URLError(.badServerResponse)
        }}
        lastSync = .now
        return try decoder.decode([{item}].self, from: data)
    }}

    func delete(id: UUID) async throws {{
        var request = URLRequest(url: URL(string: "https://api.example.com/{host}/\\(id)")!)
        request.httpMethod = "DELETE"
        _ = try await session.data(for: request)
    }}

    func events() -> AsyncStream<{event}> {{
        AsyncStream {{ continuation in
            let id = UUID()
            listeners[id] = continuation
            continuation.onTermination = {{ [weak self] _ in
                Task {{ await self?.removeListener(id) }}
            }}
        }}
    }}

    private func removeListener(_ id: UUID) {{
        listeners[id] = nil
    }}

    func startPolling() {{
        pollTask?.cancel()
        pollTask = Task {{ [weak self] in
            while !Task.isCancelled {{
                try? await Task.sleep(nanoseconds: {delay})
                await self?.poll()
            }}
        }}
    }}

    func stopPolling() {{
        pollTask?.cancel()
        pollTask = nil
    }}

    private func poll() async {{
        do {{
            let items = try await fetch(page: 0, pageSize: 20)
            for continuation in listeners.values {{
                continuation.yield(.loaded(items, hasMore: items.count == 20))
            }}
        }} catch {{
            for continuation in listeners.values {{
                continuation.yield(.failed(message: "\\(error)", code: (error as? URLError)?.errorCode ?? 0))
            }}
        }}
    }}
}}

"""


def observer_unit(r, s, name, service, event):
    n1 = r.pick(NUMS)
    return f"""\
/// Follows the service's events for as long as the screen is visible.
@MainActor
final class {name} {{
    private(set) var {n1} = 0
    private(set) var last: {event} = .idle
    private var task: Task<Void, Never>?
    private let service: {service}

    init(service: {service}) {{
        self.service = service
    }}

    func start() {{
        task?.cancel()
        task = Task {{ [weak self, service] in
            for await event in await service.events() {{
                guard !Task.isCancelled else {{ break }}
                self?.handle(event)
            }}
        }}
    }}

    func stop() {{
        task?.cancel()
        task = nil
    }}

    private func handle(_ event: {event}) {{
        last = event
        switch event {{
        case .loaded(let items, _):
            {n1} = items.count
        case .failed(let message, _):
            print("[{s}] \\(message)")
        default:
            break
        }}
    }}
}}

"""


def extension_unit(r, s, j, i):
    target = f"{stem(j)}Model"
    n = r.between(2, 30)
    return f"""\
// MARK: - {target} helpers used by the {s} screens

extension {target} {{
    /// Items of the last {n} days, newest first.
    var recent{i}: [{stem(j)}Item] {{
        let cutoff = Date.now.addingTimeInterval(-{n} * 86_400)
        return items.filter {{ $0.createdAt >= cutoff }}.sorted {{ $0.createdAt > $1.createdAt }}
    }}

    func titles{i}(limit: Int = {n}) -> [String] {{
        items.prefix(limit).map {{ "\\($0.title) — \\($0.tags.joined(separator: ", "))" }}
    }}

    func group{i}() -> [String: [{stem(j)}Item]] {{
        Dictionary(grouping: items) {{ item in
            String(item.title.prefix(1)).uppercased()
        }}
    }}
}}

"""


def view_extension_unit(r, s, j, i):
    target = f"{stem(j)}View"
    color = r.pick(COLORS)
    return f"""\
extension {target} {{
    /// Shown when the list is empty.
    struct Empty{i}: View {{
        var message = "Nothing here yet"
        var action: () -> Void

        var body: some View {{
            ContentUnavailableView {{
                Label(message, systemImage: "tray")
            }} description: {{
                Text("Pull to refresh or add a new one.")
            }} actions: {{
                Button("Add", action: action)
                    .buttonStyle(.borderedProminent)
                    .tint({color})
            }}
        }}
    }}
}}

"""


def util_unit(r, s, name):
    n = r.between(3, 12)
    return f"""\
enum {name} {{
    static let maximumLength = {n * 10}

    /// Trims, collapses whitespace and cuts to `maximumLength` characters.
    static func normalized(_ text: String) -> String {{
        let words = text.split(whereSeparator: \\.isWhitespace)
        let joined = words.joined(separator: " ")
        return joined.count > maximumLength ? String(joined.prefix(maximumLength)) + "…" : joined
    }}

    static func initials(of name: String) -> String {{
        name.split(separator: " ").prefix({n % 3 + 1}).compactMap(\\.first).map(String.init).joined()
    }}

    static func format(_ value: Double, digits: Int = {n % 4}) -> String {{
        value.formatted(.number.precision(.fractionLength(digits)))
    }}
}}

"""


# ---------------------------------------------------------------------------------------------
# Hazards: each is reported by one statelint rule.

def hazard_unit(kind, s):
    if kind == "observable_init_access":
        return f"""\
@Observable
final class {s}Counter {{
    var count = 0
    var label = ""

    init(start: Int) {{
        count = start
        label = "Started at \\(count)"
    }}
}}

"""
    if kind == "state_injected_value":
        return f"""\
struct {s}Badge: View {{
    @State var count: Int
    var body: some View {{
        Text("\\(count)").monospacedDigit()
    }}
}}

"""
    if kind == "task_retains_self":
        return f"""\
final class {s}Poller {{
    var task: Task<Void, Never>?
    var ticks = 0
    let stream: AsyncStream<Int>

    init(stream: AsyncStream<Int>) {{
        self.stream = stream
    }}

    func start() {{
        task = Task {{
            for await tick in self.stream {{
                self.ticks = tick
            }}
        }}
    }}

    deinit {{ task?.cancel() }}
}}

"""
    if kind == "state_closure_captures_view":
        return f"""\
struct {s}Confirm: View {{
    @State private var onDone: (() -> Void)?
    let title: String

    var body: some View {{
        Button(title) {{ onDone?() }}
            .onAppear {{
                onDone = {{ print(title) }}
            }}
    }}
}}

"""
    return f"""\
struct {s}Debug: View {{
    var body: some View {{
        let _ = Self._printChanges()
        Text("{s}")
    }}
}}

"""


# ---------------------------------------------------------------------------------------------

def imports_for(role):
    if role in ("view", "extension"):
        return "import SwiftUI\n"
    if role == "model":
        return "import Foundation\nimport Observation\n"
    return "import Foundation\n"


def filler(r, s, i, k):
    """An extra unit for file i (k-th extra)."""
    choice = r.below(9)
    part = PARTS[(i + k) % len(PARTS)]
    if choice <= 2:
        return small_view_unit(r, s, f"{s}{part}{k}")
    if choice == 3:
        return util_unit(r, s, f"{s}{part}Format{k}")
    if choice == 4:
        return generic_unit(r, s, f"{s}Page{k}")
    if choice == 5:
        return data_struct(r, s, f"{s}{part}Info{k}")
    if choice == 6:
        return observer_unit(r, s, f"{s}{part}Observer{k}", f"{s}Service", f"{s}Event")
    if choice == 7:
        return enum_unit(r, s, f"{s}{part}State{k}")
    return view_unit(r, s, f"{s}{part}List{k}", f"{s}Model")


def file_text(i, target, seed):
    r = Rng(seed * 0x100000001B3 + i * 0x9E3779B1 + 12345)
    for _ in range(3):
        r.next()
    role = ROLES[i % len(ROLES)]
    s = stem(i)
    header = (f"//\n//  {s}{SUFFIXES[role]}.swift\n//  Module{i // 240:03d}\n//\n"
              f"//  Generated by Tools/gen-corpus.py (seed {seed}); do not edit.\n//\n\n")
    units = [header, imports_for(role), "\n"]
    if role == "view":
        units.append(view_unit(r, s, f"{s}View", f"{s}Model"))
        units.append(small_view_unit(r, s, f"{s}Row"))
    elif role == "model":
        units.append(model_unit(r, s, f"{s}Model", f"{s}Service"))
    elif role == "viewmodel":
        units.append(viewmodel_unit(r, s, f"{s}ViewModel", f"{s}Service"))
    elif role == "service":
        units.append(service_unit(r, s, f"{s}Service", f"{s}Event"))
        units.append(observer_unit(r, s, f"{s}Observer", f"{s}Service", f"{s}Event"))
    elif role == "data":
        units.append(data_struct(r, s, f"{s}Item"))
        units.append(enum_unit(r, s, f"{s}Event"))
    elif role == "extension":
        j = previous_model(i)
        if j >= 0:
            units.append(extension_unit(r, s, j, i))
        v = previous_view(i)
        if v >= 0:
            units.append(view_extension_unit(r, s, v, i))
    else:  # core
        units.append(protocol_unit(r, s, f"{s}Repository"))
    if i % 50 == 7:
        units.append(hazard_unit(HAZARDS[(i // 50) % len(HAZARDS)], s))
    lines = sum(u.count("\n") for u in units)
    k = 0
    while lines < target:
        u = filler(r, s, i, k)
        units.append(u)
        lines += u.count("\n")
        k += 1
    text = "".join(units)
    if text.endswith("\n\n"):
        text = text[:-1]
        lines -= 1
    return role, text, lines


def main(argv):
    args = [a for a in argv[1:]]
    seed = 1
    quiet = False
    positional = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--seed" and i + 1 < len(args):
            seed = int(args[i + 1])
            i += 2
            continue
        if a.startswith("--seed="):
            seed = int(a.split("=", 1)[1])
        elif a == "--quiet":
            quiet = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("-"):
            sys.stderr.write(f"gen-corpus: unknown option {a}\n")
            return 2
        else:
            positional.append(a)
        i += 1
    if len(positional) != 2:
        sys.stderr.write("usage: gen-corpus.py OUT_DIR LINES [--seed N]\n")
        return 2
    out, total = positional[0], int(positional[1].replace("_", ""))
    if total <= 0:
        sys.stderr.write("gen-corpus: LINES must be positive\n")
        return 2
    if os.path.isdir(out) and os.listdir(out):
        sys.stderr.write(f"gen-corpus: {out} exists and is not empty\n")
        return 2
    os.makedirs(out, exist_ok=True)

    written = 0
    nbytes = 0
    index = 0
    made = set()
    sizes = Rng(seed ^ 0x5DEECE66D)
    while written < total:
        remaining = total - written
        target = sizes.between(150, 400)
        if remaining < target + 150:
            target = remaining  # the last file takes the rest (a small LINES gives one small file)
        role, text, lines = file_text(index, target, seed)
        module = index // 240
        folder = os.path.join(out, f"Module{module:03d}", FOLDERS[role])
        if FOLDERS[role] == "Features":
            folder = os.path.join(folder, f"Feature{(index // 12) % 20:02d}")
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        data = text.encode("utf-8")
        with open(os.path.join(folder, f"{stem(index)}{SUFFIXES[role]}.swift"), "wb") as fh:
            fh.write(data)
        written += lines
        nbytes += len(data)
        index += 1
    if not quiet:
        sys.stderr.write(f"gen-corpus: {index} files, {written} lines, {nbytes / 1e6:.1f} MB in {out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
