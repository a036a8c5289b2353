extension Loader {
    func start() {
        report()
    }

    func report() {
        print(progress)
    }
}
