import SwiftUI

struct Screen: View {
    var total: Int
    var body: some View { Text("x") }
}

extension Screen {
    var card: some View { Card(count: total) }
}
