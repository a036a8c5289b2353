import SwiftUI

struct HomeView: View {
    @State private var showSheet = false
    @State private var showCover = false
    var body: some View {
        VStack {
            Button("Sheet") { showSheet = true }
            Button("Cover") { showCover = true }
        }
        .sheet(isPresented: $showSheet) {
            SheetView()
        }
        .fullScreenCover(isPresented: $showCover) {
            cover
        }
    }

    var cover: some View {
        HelperPresentedView()
    }
}
