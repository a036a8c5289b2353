import Observation

// Golden-output fixture for the CLI tests (Tests/StatelintCLITests/CLIGoldenTests.swift).
@Observable
final class CartModel {
    var count = 0
    var title = ""

    init(title: String) {
        self.title = title
        print("장바구니 🛒: \(self.count)") // expect: observable_init_access
        Task { self.count = await CartModel.load() }
    }

    static func load() async -> Int { 0 }
}
