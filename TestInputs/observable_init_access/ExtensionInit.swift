import Observation

// The class's only init is in an extension in another file (ExtensionInit+Init.swift): still checked.
@Observable
final class Tally {
    var count = 0
}

// An init in an extension in the class's own file: the backing storage '_count' is visible here, so the
// safe fix applies (ExtensionInit.swift.fixed); in ExtensionInit+Init.swift it is not, and no fix is offered.
extension Tally {
    convenience init(doubled: Int) {
        self.init()
        print(count * 2) // expect: observable_init_access "reads tracked property 'count'"
    }
}
