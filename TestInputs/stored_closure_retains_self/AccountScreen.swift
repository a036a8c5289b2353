import SwiftUI

// Pushes the account scene's root as a screen too: each push builds another 'AccountModel' (SceneRoots.swift).

struct AccountScreen: View {
    var body: some View {
        NavigationLink("Account") { AccountRoot() }
    }
}
