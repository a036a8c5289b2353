import SwiftUI

struct Careful: View {
    let title: String
    let store: Store
    @State private var onTap: (() -> Void)?
    @State private var map: ((Int) -> Int)?
    @State private var describe: ((String) -> String)?

    var body: some View {
        Text(title)
            .onAppear {
                // A capture-list initializer reads the member once, outside the closure.
                onTap = { [title = self.title, store] in print(title, store) }
                // Only the shorthand parameter.
                map = { $0 * 2 }
                // A closure parameter shadows the member name.
                describe = { title in title.uppercased() }
            }
    }
}

final class Store {}
