import Observation

// The right-hand side of a plain write is evaluated: a call there that reads tracked state is tracked.
@Observable final class Engine {
    var speed = 0
    var gear = 1
    var label = ""

    init() {
        self.label = describe() // expect: observable_init_access "calls 'describe()', which reads tracked property 'speed'"
        self.gear = 2
    }

    func describe() -> String { "\(speed)" }
}
