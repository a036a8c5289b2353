import Combine
import Observation
import SwiftUI

@Observable final class FeedModel {
    var title = ""
    var offset: CGFloat = 0
    var items: [String] = []
    @ObservationIgnored var cache: [String: CGFloat] = [:]
    let id = 1
    static var shared = FeedModel()
    var count: Int { items.count }
}

final class LegacyModel: ObservableObject {
    @Published var title = ""
}
