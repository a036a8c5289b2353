import SwiftUI

struct CartView: View {
    @State var badge: Int // expect: state_injected_value
    let model: CartModel

    var body: some View {
        let _ = Self._printChanges() // expect: print_changes_leftover
        // expect@+1: unused_suppression
        // statelint:disable:next print_changes_leftover -- nothing to silence here
        Text("<\(model.title)> & \"\(badge)\" 50%")
    }
}
