import Observation
import SwiftUI

// The view keeps an object in its @State and hands it a closure that the object keeps: the closure
// captures the view, the view's state holds the object, the object holds the closure. A profile screen's
// data is never freed after the user leaves it (IceCubesApp's follow button model shape).
@Observable final class FollowModel {
    var isFollowing = false
    let onChange: (Bool) -> Void

    init(isFollowing: Bool, onChange: @escaping (Bool) -> Void) {
        self.isFollowing = isFollowing
        self.onChange = onChange
    }
}

struct ProfileScreen: View {
    @State private var isFollowing = false
    @State private var followModel: FollowModel?

    var body: some View {
        Text(isFollowing ? "Following" : "Follow")
            .task {
                followModel = .init(isFollowing: isFollowing, onChange: { value in // expect: state_closure_captures_view "closure kept by 'FollowModel.onChange'"
                    isFollowing = value
                })
            }
    }
}

// Silent: the object runs the closure in its init and does not keep it.
@Observable final class Formatter {
    var pattern = ""
    init(configure: (Formatter) -> Void) { configure(self) }
}

struct PatternScreen: View {
    @State private var pattern = "yyyy"
    @State private var formatter: Formatter?

    var body: some View {
        Text(pattern)
            .task {
                formatter = Formatter(configure: { $0.pattern = pattern })
            }
    }
}
