import Observation

func use(_ value: Int) {}

// A method init calls reads tracked state through an alias of self (`let me = self`): the same read as
// `self.items`, in the method as in init itself.
@Observable final class Shelf {
    var items: [String] = []
    var count = 0
    var unread = 0

    init() {
        refresh() // expect: observable_init_access "calls 'refresh()', which reads tracked property 'items'"
        tally() // expect: observable_init_access "calls 'tally()', which reads tracked property 'count'"
        relay() // expect: observable_init_access "calls 'relay()', which reads tracked property 'unread'"
    }

    func refresh() {
        let me = self
        print(me.items)
    }

    func tally() {
        var me = self
        use(me.count)
        me = self
    }

    // The alias calls a method that reads: the chain goes on through it.
    func relay() {
        let me = self
        me.badge()
    }

    func badge() { print(unread) }
}
