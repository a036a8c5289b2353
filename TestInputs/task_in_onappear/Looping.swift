import SwiftUI

// A task whose loop outlives the view: the loop is the witness, and the finding a warning.
struct LiveScoreView: View {
    @State private var score = 0
    @State private var ticks = 0
    var body: some View {
        Text("\(score) \(ticks)")
            .onAppear {
                Task { // expect: task_in_onappear "is not cancelled when the view disappears"
                    for await note in NotificationCenter.default.notifications(named: .init("score")) {
                        score = note.userInfo?.count ?? 0
                    }
                }
            }
            .onAppear {
                Task { // expect: task_in_onappear "is not cancelled when the view disappears"
                    while true {
                        try? await Task.sleep(nanoseconds: 1_000_000_000)
                        ticks += 1
                    }
                }
            }
            .onAppear {
                // One request: ends by itself (advisory only).
                Task { // expect: task_in_onappear "is not cancelled when the view disappears"
                    try? await Task.sleep(nanoseconds: 10)
                    score = 1
                }
            }
    }
}
