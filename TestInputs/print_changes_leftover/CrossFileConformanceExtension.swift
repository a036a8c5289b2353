import SwiftUI

extension Split: View {
    var body: some View {
        let _ = Self._printChanges() // expect: print_changes_leftover
        Text(title)
    }
}
