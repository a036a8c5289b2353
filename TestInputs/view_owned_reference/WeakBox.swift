import Foundation
import SwiftUI

// A box the view hands only to work that may outlive it, captured weakly: the view keeps nothing in it, so
// a new box per view value loses nothing. No finding.

final class BindingBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

struct AutohideBanner: View {
    @Binding var isPresented: Bool
    private var presentedBox: BindingBox<Binding<Bool>>?
    private let delay: Double

    init(isPresented: Binding<Bool>, delay: Double) {
        _isPresented = isPresented
        self.delay = delay
        self.presentedBox = BindingBox(isPresented)
    }

    var body: some View {
        Text("Saved")
            .onAppear {
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak presentedBox] in
                    presentedBox?.value.wrappedValue = false
                }
            }
    }
}

struct AutohideHost: View {
    @State private var shown = false
    var body: some View {
        VStack {
            Toggle("Show", isOn: $shown)
            AutohideBanner(isPresented: $shown, delay: 2)
        }
    }
}
