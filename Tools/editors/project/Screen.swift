import SwiftUI

struct Screen: View {
    @State private var total = 0
    var body: some View { Button("Add") { total += 1 } }
}

extension Screen {
    var card: some View { Card(count: total) }
}
