import SwiftUI

/// A workout timer as teams write it: the ticker is scheduled on appear and dropped on disappear, which
/// does not stop it (only invalidate() does).
struct WorkoutScreen: View {
    @State private var elapsed = 0
    @State private var ticker: Timer?

    var body: some View {
        VStack(spacing: 16) {
            Text(Duration.seconds(elapsed), format: .time(pattern: .minuteSecond))
                .font(.system(size: 56, weight: .semibold, design: .rounded))
            Button("Reset") { elapsed = 0 }
        }
        .onAppear {
            ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in elapsed += 1 }
        }
        .onDisappear { ticker = nil }
    }
}
