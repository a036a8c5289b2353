import Observation

// A method that reads through another method, declared in an extension in another file.
@Observable
final class Loader {
    var progress = 0.0
    var state = "idle"

    init() {
        start() // expect: observable_init_access
        configure()
    }

    func configure() {
        state = "ready"
    }
}
