import SwiftUI

struct Used: View {
    var body: some View {
        // statelint:disable:next print_changes_leftover -- investigating a redraw loop
        let _ = Self._printChanges()
        let _ = print("body") // statelint:disable:this print_changes_leftover
        /* statelint:disable:next print_changes_leftover */
        let _ = debugPrint("body")
        // statelint:disable print_changes_leftover
        let _ = Self._logChanges()
        let _ = dump("body")
        // statelint:enable print_changes_leftover
        Text("used")
    }
}

// Mentions that are not directives: in a string, and not at the start of a comment.
struct Mentions: View {
    // see statelint:disable:next in the docs
    var body: some View { Text("// statelint:disable:next print_changes_leftover") }
}
