import Combine
import SwiftUI

// Invalidated where the view goes away.
struct StopwatchView: View {
    @State private var elapsed = 0
    @State private var ticker: Timer?

    var body: some View {
        Text("\(elapsed)")
            .onAppear {
                ticker?.invalidate()
                ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in elapsed += 1 }
            }
            .onDisappear { ticker?.invalidate() }
    }
}

// Invalidated by another method of the view (through self).
struct CountdownView: View {
    @State private var remaining = 10
    @State private var countdown: Timer?

    var body: some View {
        Text("\(remaining)")
            .onAppear { start() }
            .onDisappear { stop() }
    }

    func start() {
        countdown = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in remaining -= 1 }
    }

    func stop() { self.countdown?.invalidate() }
}

// The block invalidates its own timer when it is done.
struct SplashDelay: View {
    @State private var steps = 0
    @State private var stepper: Timer?

    var body: some View {
        Text("\(steps)")
            .onAppear {
                stepper = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { timer in
                    steps += 1
                    if steps == 5 { timer.invalidate() }
                }
            }
    }
}

// A one-shot timer is invalidated by the run loop after it fires.
struct ToastView: View {
    @State private var hider: Timer?
    @State private var shown = true

    var body: some View {
        Text("Saved")
            .opacity(shown ? 1 : 0)
            .onAppear { hider = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in shown = false } }
    }
}

// A timer publisher stops when the view's subscription goes away.
struct TickerView: View {
    @State private var timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @State private var now = Date()

    var body: some View {
        Text(now, style: .time)
            .onReceive(timer) { now = $0 }
    }
}

// Not kept in @State: another rule's business.
final class SessionClock {
    var timer: Timer?
    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
    }
}
