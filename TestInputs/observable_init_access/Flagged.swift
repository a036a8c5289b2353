import Observation

// Nested, generic, inside #if, with multiple trailing closures and interpolation.
enum Feature {
    @Observable
    final class Store<Item: Hashable> {
        var selection: Item?
        var all: [Item] = []

        init(all: [Item]) {
            self.all = all
            #if os(iOS)
            print("\(all.count) of \(self.all.count)") // expect: observable_init_access
            #endif
            selection = self.all.first // expect: observable_init_access
            _ = all.map { item in self.all.contains(item) } // expect: observable_init_access
        }
    }
}

@Observable
final class Delegating {
    var name = ""
    var upper: String { name.uppercased() }

    convenience init(raw: String) {
        self.init()
        print(upper) // expect: observable_init_access
    }

    init() {}
}
