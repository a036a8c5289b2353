// The init of ExtensionInit.swift's class.
extension Tally {
    convenience init(start: Int) {
        self.init()
        print(count) // expect: observable_init_access "reads tracked property 'count'"
    }
}
