import Combine

final class ProfileModel: ObservableObject {
    @Published var name = ""
    @Published var initials = ""
    var cancellables = Set<AnyCancellable>()
    let settings = SettingsStore()
}

final class SettingsStore: ObservableObject {
    @Published var theme = 0
}
