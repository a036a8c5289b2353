import Foundation

extension FeedModel {
    func setUp() {
        Task { await self.load() }
    }
    func load() async {}
}
