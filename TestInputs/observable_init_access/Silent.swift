import Observation

@Observable
final class Spared {
    var count: Int
    var items: [Int] = []
    @ObservationIgnored var log: [String] = []
    let id: String
    static var shared = 0

    init(count: Int, id: String) {
        // Plain writes only run the setter.
        self.count = count
        self.items = []
        items = [count]
        // The backing storage is not tracked.
        print(self._count)
        _count += 1
        _items.append(1)
        // Ignored properties, lets and statics.
        log.append("created")
        print(self.id, Spared.shared)
        // The parameter shadows the property.
        print(count)
        // A local shadows the property.
        let items = [1, 2]
        print(items)
        // Closures that run later.
        Task { print(self.count) }
        Task.detached { [weak self] in print(self?.count ?? 0) }
        let later = { print(self.count) }
        _ = later
        // A method that only writes.
        reset()
        // In comments and strings: self.count, count += 1
        print("self.count")
    }

    func reset() {
        count = 0
        Task { print(self.items) }
    }
}

// Not @Observable: reads are ordinary.
final class PlainModel {
    var count = 0
    init() {
        count += 1
        print(count)
    }
}

// A struct cannot be @Observable; nothing to track.
struct Settings {
    var value = 0
    init() {
        print(value)
    }
}

// Generic and nested observable types work too, and shadowing by closure parameters.
enum Outer {
    @Observable
    final class Inner<T> {
        var values: [T] = []
        init(values: [T]) {
            self.values = values
            values.forEach { values in print(values) }
        }
    }
}

#if DEBUG
@Observable
final class Conditional {
    var flag = false
    init() {
        flag = true
    }
}
#endif
