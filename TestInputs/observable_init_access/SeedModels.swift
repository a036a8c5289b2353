// Seeds 000 and 001: a model created by a view's @State reads its own tracked state in init.
import Observation

@Observable
final class ViewModel {
    var count: Int
    var title = ""

    init(count: Int) {
        self.count = count
        print("init \(self.count)") // expect: observable_init_access
    }
}

@Observable
class SeedCounter {
    var value: Int = 0
    var items: [Int] = []
    var scores: [String: Int] = [:]

    init(start: Int) {
        value = start
        value += 1 // expect: observable_init_access
        items.append(start) // expect: observable_init_access
        scores["start"] = start // expect: observable_init_access
        swap(&value, &value) // expect: observable_init_access, observable_init_access
        setup() // expect: observable_init_access
        print(doubled) // expect: observable_init_access
        [1, 2, 3].forEach { _ in _ = self.value } // expect: observable_init_access
        _ = { print(self.items) }() // expect: observable_init_access
        let label = "value is \(value)" // expect: observable_init_access
        print(label)
    }

    var doubled: Int { value * 2 }

    func setup() {
        print(value)
    }
}

@Observation.Observable
final class Qualified {
    var name = "a"
    init() {
        print(name) // expect: observable_init_access
    }
}
