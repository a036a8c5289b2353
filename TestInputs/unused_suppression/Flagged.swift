import SwiftUI

struct Row: View {
    let title: String

    var body: some View {
        // expect@+1: unused_suppression
        // statelint:disable:next print_changes_leftover
        Text(title)
        // expect@+1: unused_suppression
        // statelint:disable:next print_chnges_leftover -- typo in the rule id
        let _ = Self._printChanges() // expect: print_changes_leftover
        // expect@+1: unused_suppression
        // statelint:disable all
        Text("nothing to silence")
        // statelint:enable all
        // expect@+1: unused_suppression
        // statelint:frobnicate print_changes_leftover
        EmptyView()
    }
}
