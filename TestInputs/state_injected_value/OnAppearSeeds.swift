import SwiftUI

struct Device: Equatable, Identifiable {
    var id: String
}

// A @State set from an input in .onAppear: onAppear runs once while the view keeps its identity, so when the
// browser shows another device in the same pane, the pane keeps the first device's logging state.
struct DevicePane: View {
    let device: Device
    @State private var isLogging = false

    var body: some View {
        Toggle("Logging", isOn: $isLogging)
            .onAppear {
                isLogging = UserDefaults.standard.bool(forKey: "\(device.id).logging") // expect: state_injected_value "is set from 'device' in .onAppear, which runs once per view identity"
            }
    }
}

struct DeviceBrowser: View {
    @State private var selected = Device(id: "a")

    var body: some View {
        VStack {
            Button("Next") { selected = Device(id: selected.id + "+") }
            DevicePane(device: selected)
            FollowingPane(device: selected)
            TaskPane(device: selected)
            DevicePane(device: selected).id(selected.id)
        }
        .sheet(isPresented: .constant(false)) {
            SheetPane(device: selected)
        }
    }
}

// Contrasts. A pane that sets the state again when the device changes follows it.
struct FollowingPane: View {
    let device: Device
    @State private var isLogging = false

    var body: some View {
        Toggle("Logging", isOn: $isLogging)
            .onAppear { isLogging = UserDefaults.standard.bool(forKey: device.id) }
            .onChange(of: device) { isLogging = UserDefaults.standard.bool(forKey: device.id) }
    }
}

// The same seed in .task(id:) runs again for each device.
struct TaskPane: View {
    let device: Device
    @State private var isLogging = false

    var body: some View {
        Toggle("Logging", isOn: $isLogging)
            .task(id: device.id) { isLogging = UserDefaults.standard.bool(forKey: device.id) }
    }
}

// A sheet's content is built anew each time it is shown: its onAppear runs for each device.
struct SheetPane: View {
    let device: Device
    @State private var name = ""

    var body: some View {
        TextField("Name", text: $name)
            .onAppear { name = device.id }
    }
}

// A caller that passes a constant: the device never changes under the pane.
struct FixedPane: View {
    let device: Device
    @State private var name = ""

    var body: some View {
        Text(name).onAppear { name = device.id }
    }
}

struct FixedHost: View {
    var body: some View {
        FixedPane(device: Device(id: "fixed"))
    }
}

// A state set from something other than an input.
struct ClockPane: View {
    @State private var started = Date.distantPast

    var body: some View {
        Text(started, style: .time).onAppear { started = Date() }
    }
}

// An onAppear on a row or in a branch runs when that part appears (a row scrolled into view, a branch
// taken), not once for the view: not this finding.
struct RowsPane: View {
    let device: Device
    let rows: [String]
    @State private var first = ""
    @State private var shown = ""

    var body: some View {
        List(rows, id: \.self) { row in
            Text(row).onAppear { first = device.id + row }
        }
        if rows.isEmpty {
            Text("Empty").onAppear { shown = device.id }
        }
    }
}

struct RowsHost: View {
    @State private var selected = Device(id: "a")
    var body: some View {
        RowsPane(device: selected, rows: [])
            .onTapGesture { selected = Device(id: "b") }
    }
}
