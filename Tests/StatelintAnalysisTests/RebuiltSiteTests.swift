import StatelintAnalysis
import StatelintSyntax
import Testing

/// Where a construction site sits with respect to a parent's updates (`ProjectIndex.isRebuiltWithParent`):
/// the fact that decides whether a view is built once.
@Suite("Sites rebuilt with their parent")
struct RebuiltSiteTests {
    /// The analysis facts behind it: where a site runs, and what its argument is.
    @Test func sitesKnowWhetherAParentUpdateRunsThemAgain() {
        let index = ProjectFactsTests.index([("V.swift", """
            import SwiftUI
            struct Receipt: View { @State private var amount: Int; init(amount: Int) { _amount = State(initialValue: amount) }; var body: some View { Text("") } }
            struct Checkout: View {
                @State private var amount = 0
                var body: some View {
                    Receipt(amount: amount)
                    Button("Pay") { _ = Receipt(amount: amount) }
                }
                var extra: some View { Receipt(amount: amount) }
                func log() { _ = Receipt(amount: amount) }
                static func make(amount: Int) -> Receipt { Receipt(amount: amount) }
            }
            final class Coordinator { var amount = 0; var view: some View { Receipt(amount: amount) } }
            enum Route { case pay(Int); var view: some View { switch self { case .pay(let a): Receipt(amount: a) } } }
            """)])
        let sites = index.constructionSites(of: "Receipt")
        #expect(sites.count == 7)
        #expect(sites.map { index.isRebuiltWithParent($0) } == [true, false, true, false, false, false, true], "\(sites.map { $0.enclosingMember ?? "" })")
        #expect(sites[1].inAction && sites[4].memberIsStatic && sites[2].memberMakesView && !sites[3].memberMakesView)
    }
}
