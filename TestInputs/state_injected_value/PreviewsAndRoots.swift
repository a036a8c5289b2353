import SwiftUI
import UIKit

// Found in VirtualBuddy and Aidoku: preview helper functions and views nested in a PreviewProvider, a
// hosting root configured through a var first, and an input kept from an optional Binding. Silent.

struct DeviceDraft { var name = "" }

struct DeviceDetail: View {
    @State private var kind: Int?
    init(isNew: Bool) { self._kind = .init(wrappedValue: isNew ? nil : 1) }
    var body: some View { Text("\(kind ?? 0)").onTapGesture { kind = 2 } }
}

struct DeviceParent: View {
    @State private var showing = false
    @State private var editing: DeviceDraft?
    var body: some View {
        Text("x").sheet(isPresented: $showing) { DeviceDetail(isNew: editing == nil) }
    }
}

// Preview-only call site; delete it and the warning goes away.
struct DeviceDetail_Previews: PreviewProvider {
    static var previews: some View { preview(at: 0) }
    static func preview(at index: Int) -> some View { DeviceDetail(isNew: index == 0) }
}

struct EditorConfig { var name = ""; static let preview = EditorConfig(name: "p") }

struct ConfigEditor: View {
    @Binding var config: EditorConfig
    var body: some View { TextField("n", text: $config.name) }
}

#if DEBUG
struct ConfigEditor_Previews: PreviewProvider {
    static var previews: some View {
        _Template(config: .preview)
    }
    // Preview harness: declared inside the PreviewProvider, only ever built by
    // `previews` with a static constant. Still reported.
    struct _Template: View {
        @State var config: EditorConfig
        var body: some View { ConfigEditor(config: $config) }
    }
}
#endif

struct ChapterList: View {
    var chapters: [String]
    @State var chapter: String
    var onSelect: ((String) -> Void)?
    var body: some View {
        List(chapters, id: \.self) { c in Button(c) { chapter = c; onSelect?(c) } }
    }
}

final class ReaderVC: UIViewController {
    var chapters: [String] = []
    var chapter = ""
    func openChapterList() {
        // Root of a fresh hosting controller, but via a local var first.
        var view = ChapterList(chapters: chapters, chapter: chapter)
        view.onSelect = { [weak self] c in self?.chapter = c }
        present(UIHostingController(rootView: view), animated: true)
    }
}

struct CollapsibleSection<Content: View>: View {
    @Binding private var collapsedBinding: Bool
    @State private var isCollapsed: Bool
    var content: () -> Content

    init(_ collapsed: Binding<Bool>? = nil, @ViewBuilder _ content: @escaping () -> Content) {
        self._collapsedBinding = collapsed ?? .constant(true)
        self._isCollapsed = .init(wrappedValue: collapsed?.wrappedValue ?? true)
        self.content = content
    }

    var body: some View {
        VStack {
            Button("toggle") { withAnimation { isCollapsed.toggle() } }
            if !isCollapsed { content() }
        }
        // Re-seeded from the parent's value, and written back: never stale.
        .onChange(of: collapsedBinding) { _, v in if v != isCollapsed { isCollapsed = v } }
        .onChange(of: isCollapsed) { _, v in if v != collapsedBinding { collapsedBinding = v } }
    }
}
